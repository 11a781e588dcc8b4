import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-forgot-password";
import { mount, problem, resetPage, stubApi, waitFor } from "../../test/elements";

const NOT_ME = "POST /api/security/not-me";
const PAGE = "/portail/mot-de-passe-oublie";

beforeEach(() => resetPage());

// In the source language: the texts stay the same once the catalogs are translated.
const open = () => mount('<macc-forgot-password locale="en-GB"></macc-forgot-password>');
const button = (root: ShadowRoot) => [...root.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Sign out everywhere"));

describe("the security alert's “this wasn't me” link (?alerte=)", () => {
  it("does nothing until asked, takes the token out of the address, then ends the sessions with a POST", async () => {
    history.replaceState(null, "", `${PAGE}?alerte=tok-alert-1`);
    const calls = stubApi({ [NOT_ME]: { body: { signedOut: 2 } } });
    const view = await open();
    await waitFor(() => expect(button(view.root)).toBeTruthy());
    expect(location.search).toBe("");
    expect(calls.callsTo(NOT_ME)).toHaveLength(0);
    fireEvent.click(button(view.root)!);
    await waitFor(() => expect(view.root.textContent).toContain("Every session of your account is signed out."));
    expect(calls.callsTo(NOT_ME)[0]!.body).toEqual({ token: "tok-alert-1", resetPath: PAGE });
    expect(calls.callsTo(NOT_ME)[0]!.headers.authorization).toBeUndefined();
  });

  it("says when the link is no longer valid", async () => {
    history.replaceState(null, "", `${PAGE}?alerte=used`);
    stubApi({ [NOT_ME]: problem(410) });
    const view = await open();
    await waitFor(() => expect(button(view.root)).toBeTruthy());
    fireEvent.click(button(view.root)!);
    await waitFor(() => expect(view.root.textContent).toContain("This link is no longer valid"));
    expect(button(view.root)).toBeUndefined();
  });
});
