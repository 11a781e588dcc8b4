import { afterEach, describe, expect, it, vi } from "vitest";
import { disabledSmsProvider, sendSmsInBackground } from "./sms.ts";

describe("SMS without a gateway", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses to send, so a caller never reports an SMS as sent", async () => {
    await expect(disabledSmsProvider().send({ to: "+33612345678", text: "Bonjour" })).rejects.toThrow("no SMS gateway");
  });

  it("is logged, not thrown, when sent in the background", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    sendSmsInBackground(disabledSmsProvider(), { to: "+33612345678", text: "Bonjour" });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("[sms] sending failed:", "no SMS gateway is configured"));
  });
});
