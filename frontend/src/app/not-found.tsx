import { Link } from "react-router";
import { buttonVariants } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to={paths.home.getHref()} className={buttonVariants({ variant: "default" })}>
        Return to Home
      </Link>
    </div>
  );
}
