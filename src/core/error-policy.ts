/**
 * What a failed API call does, decided in one place (SPEC §4, §8). A call states its intent, never
 * a list of statuses: who shows its failures, and whether a lapsed session may send the customer
 * to login.
 */

/**
 * Who tells the customer about a failure:
 * - `"toast"`: the generic error toast (SPEC §8), with the server's message when there is one;
 * - `"inline"`: the screen itself (a form's error summary, a list's "try again", or leaving out a
 *   bonus such as a phone number); a toast on top would only say it twice.
 */
export type ErrorDisplay = "toast" | "inline";

export interface ErrorIntent {
  /** Default `"toast"`. */
  errors?: ErrorDisplay;
  /** A bonus on a public page (the adviser on the contact page): a lapsed session does not send the customer to login. */
  optional?: boolean;
  /** Made without the bearer token (login, registration, a silent session restore). */
  anonymous?: boolean;
}

export interface ErrorReaction {
  /** End the session; `authenticated`: a call the screen needed carried the token, so the customer goes to login. */
  disconnect: { authenticated: boolean } | null;
  /** Show the maintenance screen. */
  maintenance: boolean;
  /** Show the generic error toast. */
  toast: boolean;
}

/** SPEC §4/§8: these answers end the session. */
const DISCONNECT_STATUSES: ReadonlySet<number> = new Set([401, 413, 429]);
const UNAVAILABLE = 503;
const UNAUTHORIZED = 401;
/** The problem type of a 503 that is a passing outage (the database restarting), not maintenance. */
export const PASSING_OUTAGE_TYPE = "urn:macc:problem:unavailable";

/** A 503 that says the service is down for a moment: retried like a lost answer, never the maintenance screen. */
export function isPassingOutage(status: number, problemType: string | undefined): boolean {
  return status === UNAVAILABLE && problemType === PASSING_OUTAGE_TYPE;
}

/** `status` 0: no answer at all (offline, DNS, CORS). Cancelled requests never get here. */
export function reactionTo(status: number, intent: ErrorIntent = {}, problemType?: string): ErrorReaction {
  const maintenance = status === UNAVAILABLE && !isPassingOutage(status, problemType);
  return {
    disconnect: DISCONNECT_STATUSES.has(status) ? { authenticated: !intent.anonymous && !intent.optional } : null,
    maintenance,
    // A lapsed session sends the customer to login and maintenance has its own screen: a toast on
    // top would only repeat them.
    toast: (intent.errors ?? "toast") === "toast" && status !== UNAUTHORIZED && !maintenance,
  };
}
