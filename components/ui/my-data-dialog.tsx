'use client';
import { create } from 'zustand';
import { onDemand } from './on-demand';
import { triggerClass } from './menu';

const useMyDataStore = create<{ open: boolean }>()(() => ({ open: false }));

export const openMyData = () => useMyDataStore.setState({ open: true });
const closeMyData = () => useMyDataStore.setState({ open: false });

// Import, export all and delete everything: a chunk of its own, loaded on first use.
const myData = onDemand(
  () => import('./my-data-body').then((module) => module.MyDataDialog),
  'My data',
);
const MyDataDialog = myData.Component;
/** Starts loading the dialog, e.g. when the pointer reaches a control that opens it. */
export const preloadMyData = myData.preload;

/** The header's "My data" button. */
export function MyDataButton() {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={openMyData}
      onPointerEnter={preloadMyData}
      onFocus={preloadMyData}
      className={triggerClass}
    >
      My data
    </button>
  );
}

/**
 * Rendered once per screen, outside any popover (a modal inside a hidden panel would not show);
 * mounts the dialog only while open, so its state starts fresh each time.
 */
export function MyDataDialogHost() {
  const open = useMyDataStore((s) => s.open);
  return open ? <MyDataDialog onClose={closeMyData} /> : null;
}
