import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Alert } from "./Alert";
import { Button } from "./Button";
import type { ScreenIcon } from "./icons";
import { PageTitle } from "./PageTitle";
import { RouteLink } from "./RouteLink";

/** Data that could not be loaded: what is missing, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <Alert kind="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </>
  );
}

/** A screen of the customer's account shown to a visitor: what it is for, and the way to log in. */
export function LoggedOut({ title, icon, children }: { title: string; icon: ScreenIcon; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="container">
      <PageTitle icon={icon}>{title}</PageTitle>
      <p>
        {children} <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
      </p>
    </div>
  );
}
