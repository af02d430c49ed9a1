'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { navigation } from '@/lib/store/navigation-store';

/**
 * A link to a fresh chat. After a first message the URL became /c/[id] in place (the screen was
 * still the "/" page), so a plain client navigation to "/" would show that same screen again:
 * refreshing makes the server render "/" anew. Modified clicks (new tab) stay plain links.
 */
export function NewChatLink({
  className,
  children,
  href = '/',
  title,
}: {
  className: string;
  children: ReactNode;
  /** A new chat with an assistant: `/?assistant=<id>`. */
  href?: string;
  title?: string;
}) {
  const router = useRouter();
  return (
    <Link
      href={href}
      title={title}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        navigation.leave({ kind: 'new' });
        router.push(href);
        router.refresh();
      }}
    >
      {children}
    </Link>
  );
}
