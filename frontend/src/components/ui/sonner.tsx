import { Toaster as Sonner, type ToasterProps } from "sonner";

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      closeButton
      richColors
      toastOptions={{ duration: 4000 }}
      // A page with a sticky action bar raises the toasts above it (see index.css).
      offset={{ bottom: "var(--toast-offset-bottom, 24px)" }}
      {...props}
    />
  );
}
