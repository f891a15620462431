import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Whole-app boundary for rendering errors outside the router's own error handling. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error ?? "")) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Colloquy: unhandled rendering error", error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="flex min-h-dvh items-center justify-center px-6">
        <div className="w-full max-w-md space-y-4 rounded-xl border bg-card p-8 text-center shadow-sm">
          <h1 className="text-xl font-semibold">Something went wrong</h1>
          <p className="text-sm text-muted-foreground">
            {error.message || "An unexpected error occurred"}
          </p>
          <div className="flex justify-center gap-2">
            <Button variant="outline" onClick={this.reset}>
              Try Again
            </Button>
            <Button onClick={() => window.location.reload()}>Reload App</Button>
          </div>
        </div>
      </div>
    );
  }
}
