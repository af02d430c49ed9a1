import type { ReactNode } from 'react';

// Small inline icons for the sidebar; decorative (the buttons carry the names).

function Icon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

type Props = { className?: string };

export const MenuIcon = ({ className = 'h-5 w-5' }: Props) => (
  <Icon className={className}>
    <path d="M3 5h14M3 10h14M3 15h14" />
  </Icon>
);

export const CloseIcon = ({ className = 'h-5 w-5' }: Props) => (
  <Icon className={className}>
    <path d="M5 5l10 10M15 5L5 15" />
  </Icon>
);

export const PencilIcon = ({ className = 'h-4 w-4' }: Props) => (
  <Icon className={className}>
    <path d="M13.5 3.5l3 3L7 16H4v-3z" />
  </Icon>
);

export const TrashIcon = ({ className = 'h-4 w-4' }: Props) => (
  <Icon className={className}>
    <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" />
  </Icon>
);

export const PlusIcon = ({ className = 'h-4 w-4' }: Props) => (
  <Icon className={className}>
    <path d="M10 4v12M4 10h12" />
  </Icon>
);

export const SearchIcon = ({ className = 'h-4 w-4' }: Props) => (
  <Icon className={className}>
    <circle cx="9" cy="9" r="5" />
    <path d="M13 13l4 4" />
  </Icon>
);
