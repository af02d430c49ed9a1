'use client';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import type { AttachmentLimits } from '@/lib/chat/attachments';
import { addFiles } from './pending-store';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Files dropped anywhere on the chat are attached to the message being written. */
export function DropZone({
  limits,
  className,
  children,
}: {
  limits: AttachmentLimits | undefined;
  className?: string;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when it really left.
  const depth = useRef(0);
  const enabled = !!limits && limits.maxFiles > 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; keyboard users have the attach button
    <div
      className={`relative ${className ?? ''}`}
      onDragEnter={(e) => {
        if (!enabled || !hasFiles(e)) return;
        depth.current += 1;
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!enabled || !hasFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDragOver={(e) => {
        if (!enabled || !hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        if (!enabled || !hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        void addFiles([...e.dataTransfer.files], limits);
      }}
    >
      {children}
      {over && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-2 z-20 grid place-items-center rounded-2xl border-2 border-dashed border-blue-500 bg-blue-50/80 text-lg font-medium text-blue-900 dark:bg-blue-950/80 dark:text-blue-100"
        >
          Drop files to attach them
        </div>
      )}
    </div>
  );
}
