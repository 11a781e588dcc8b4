import { describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "../contract/constants";
import { installErrorReporting, type ErrorReport } from "./reporting";

const PREFIX = "https://cdn.macc.test/elements/1.4.2/";

function setup(endpoint: string | null = "https://errors.test/report") {
  const target = new EventTarget();
  const send = vi.fn<(url: string, report: ErrorReport) => void>();
  const uninstall = installErrorReporting({ endpoint, releaseStage: "recette", ownScriptPrefix: PREFIX, send, target });
  return { target, send, uninstall };
}

const errorEvent = (filename: string | undefined, message = "Boom", error: unknown = new Error("Boom")) =>
  new ErrorEvent("error", { filename, message, error });

describe("installErrorReporting (SPEC §8)", () => {
  it.each<[string, string | undefined, boolean]>([
    ["our entry script", `${PREFIX}macc-portal.js`, true],
    ["our lazy chunk", `${PREFIX}static/js/chunk-abc.js`, true],
    ["the host page's script", "https://www.macc.fr/cms/app.js", false],
    ["a look-alike path", "https://cdn.macc.test/elements/1.4.2-evil/x.js", false],
    ["another version of us", "https://cdn.macc.test/elements/1.4.1/macc-portal.js", false],
    ["an inline script (no file)", "", false],
    ["no filename", undefined, false],
  ])("error from %s → reported: %s", (_label, filename, reported) => {
    const { target, send } = setup();
    target.dispatchEvent(errorEvent(filename));
    expect(send).toHaveBeenCalledTimes(reported ? 1 : 0);
  });

  it("sends message, stack, source, stage and version to the endpoint", () => {
    const { target, send } = setup();
    const error = new Error("Kaput");
    target.dispatchEvent(errorEvent(`${PREFIX}x.js`, "Uncaught Error: Kaput", error));
    expect(send).toHaveBeenCalledWith("https://errors.test/report", {
      message: "Uncaught Error: Kaput",
      stack: error.stack,
      source: `${PREFIX}x.js`,
      releaseStage: "recette",
      appVersion: APP_VERSION,
      page: location.href,
    });
  });

  it("never reports unhandled promise rejections", () => {
    const { target, send } = setup();
    const rejection = Object.assign(new Event("unhandledrejection"), {
      reason: Object.assign(new Error("nope"), { stack: `Error: nope\n    at ${PREFIX}x.js:1:1` }),
    });
    target.dispatchEvent(rejection);
    target.dispatchEvent(new Event("rejectionhandled"));
    expect(send).not.toHaveBeenCalled();
  });

  it.each([[null], [""]])("endpoint %j → reporting off", (endpoint) => {
    const { target, send } = setup(endpoint);
    target.dispatchEvent(errorEvent(`${PREFIX}x.js`));
    expect(send).not.toHaveBeenCalled();
  });

  it("uninstall stops reporting", () => {
    const { target, send, uninstall } = setup();
    target.dispatchEvent(errorEvent(`${PREFIX}x.js`));
    uninstall();
    target.dispatchEvent(errorEvent(`${PREFIX}x.js`));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
