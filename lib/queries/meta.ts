// What a mutation may tell the app-wide QueryClient (components/ui/query-client.ts).
import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Shown as a toast, followed by the server's reason, when the mutation fails. */
      errorMessage?: string;
    };
  }
}
