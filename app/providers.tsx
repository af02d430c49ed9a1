'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { createQueryClient } from '@/components/ui/query-client';
import { Toaster } from '@/components/ui/toaster';

// zod probes `new Function` once to decide whether to compile its parsers; under the page's CSP
// (no eval) the probe fails harmlessly but the browser still reports a violation. Skip it.
if (typeof window !== 'undefined') z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab, created once (not per render).
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
