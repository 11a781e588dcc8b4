import { Trans } from "@lingui/react/macro";
import { Component, type ReactNode } from "react";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { forgetFailedScreens } from "./screens";

interface State {
  failed: boolean;
}

/**
 * A screen whose code or texts could not be downloaded (network lost, a new release replaced the
 * files) shows the load error in place (SPEC §8) instead of taking the header and footer down with
 * it. "Try again" downloads again in place (the screens forget a failed download); reloading the
 * page is offered too, for the files of an older release that are gone.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  // Still reported like any uncaught error (error reporting listens on the window).
  override componentDidCatch(error: unknown) {
    globalThis.reportError?.(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div part="load-error">
        <Alert kind="error">
          <Trans>This part of the page could not be loaded.</Trans>
        </Alert>
        <div className="actions">
          <Button
            onClick={() => {
              forgetFailedScreens();
              this.setState({ failed: false });
            }}
          >
            <Trans>Try again</Trans>
          </Button>
          <Button variant="secondary" onClick={() => location.reload()}>
            <Trans>Reload the page</Trans>
          </Button>
        </div>
      </div>
    );
  }
}
