/**
 * Toasts for the first screen without sonner in its first load
 * (docs/performance.md#a-light-first-screen): the library loads with the first toast (the
 * Toaster, mounted lazily by the app's provider, shares the same module).
 */
function wantToaster(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event("colloquy:toast"));
}

export const notify = {
  success(message: string): void {
    wantToaster();
    void import("sonner").then(({ toast }) => toast.success(message));
  },
  error(message: string): void {
    wantToaster();
    void import("sonner").then(({ toast }) => toast.error(message));
  },
};
