import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  SERVICE_REQUEST_STATUSES,
  CUSTOMER_MESSAGE_MAX,
  PHOTO_MAX_COUNT,
  SERVICE_REQUEST_MESSAGES,
  SERVICE_REQUEST_TRANSITIONS,
  ServiceRequestEvent,
  ServiceRequestMessage,
  canCustomerCancel,
  canTransition,
  isOpenStatus,
  type ServiceRequestStatus,
} from "./service-request";

describe("the transition table", () => {
  it.each<[ServiceRequestStatus, ServiceRequestStatus, boolean]>([
    ["received", "assigned", true],
    ["received", "scheduled", true],
    ["received", "done", true],
    ["received", "received", false],
    ["assigned", "assigned", true],
    ["assigned", "waiting-for-parts", true],
    ["scheduled", "scheduled", true],
    ["scheduled", "received", false],
    ["waiting-for-parts", "waiting-for-parts", false],
    ["waiting-for-parts", "scheduled", true],
    ["done", "assigned", false],
    ["done", "cancelled", false],
    ["cancelled", "scheduled", false],
    ["cancelled", "done", false],
  ])("%s → %s: %s", (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it("has a row for every state, nothing leaves a closed state, nothing returns to received", () => {
    expect(Object.keys(SERVICE_REQUEST_TRANSITIONS).sort()).toEqual([...SERVICE_REQUEST_STATUSES].sort());
    for (const status of SERVICE_REQUEST_STATUSES) {
      if (!isOpenStatus(status)) expect(SERVICE_REQUEST_TRANSITIONS[status]).toEqual([]);
      expect(SERVICE_REQUEST_TRANSITIONS[status]).not.toContain("received");
      // An open request can always be closed by the after-sales system.
      if (isOpenStatus(status)) expect(SERVICE_REQUEST_TRANSITIONS[status]).toEqual(expect.arrayContaining(["done", "cancelled"]));
    }
  });

  it.each<[ServiceRequestStatus, boolean]>([
    ["received", true],
    ["assigned", true],
    ["waiting-for-parts", true],
    ["scheduled", false],
    ["done", false],
    ["cancelled", false],
  ])("the customer may cancel when %s: %s", (status, allowed) => {
    expect(canCustomerCancel(status)).toBe(allowed);
  });
});

describe("an event", () => {
  const base = { eventId: "evt-1", type: "status", at: "2026-11-28T06:00:00Z" };
  const paths = (input: unknown) => {
    const result = v.safeParse(ServiceRequestEvent, input);
    return result.success ? [] : result.issues.map((i) => i.path?.map((p) => p.key).join(".") ?? "");
  };

  it.each<[string, unknown, string[]]>([
    ["a plain change", { ...base, status: "done" }, []],
    ["an assignment with its name", { ...base, status: "assigned", technician: "Atelier Dupont" }, []],
    ["an assignment without a name", { ...base, status: "assigned" }, ["technician"]],
    ["a blank name", { ...base, status: "assigned", technician: "  " }, ["technician"]],
    ["a schedule with its window", { ...base, status: "scheduled", window: { date: "2026-12-01", from: "08:00", to: "10:00" } }, []],
    ["a schedule without a window", { ...base, status: "scheduled" }, ["window"]],
    [
      "a window ending before it starts",
      { ...base, status: "scheduled", window: { date: "2026-12-01", from: "10:00", to: "08:00" } },
      ["window.to"],
    ],
    ["a bad date", { ...base, status: "scheduled", window: { date: "2026-13-01", from: "08:00", to: "10:00" } }, ["window.date"]],
    ["received, never reported", { ...base, status: "received" }, ["status"]],
    ["an unknown type", { ...base, type: "note", status: "done" }, ["type"]],
    ["a date without its zone", { ...base, at: "2026-11-28 06:00", status: "done" }, ["at"]],
    ["an event id with spaces", { ...base, eventId: "a b", status: "done" }, ["eventId"]],
  ])("%s", (_, input, expected) => {
    expect(paths(input)).toEqual(expected);
  });
});

describe("the customer's message", () => {
  const photo = "0b6e4f00-0000-4000-8000-000000000001";
  const video = "0b6e4f00-0000-4000-8000-000000000002";
  const problems = (input: unknown) => {
    const result = v.safeParse(ServiceRequestMessage, input);
    return result.success ? [] : result.issues.map((i) => [i.path?.map((p) => p.key).join(".") ?? "", i.message]);
  };

  it.each<[string, unknown, string[]]>([
    ["text", { message: "Le portail est ouvert." }, []],
    ["text and photos", { message: "Voir les photos.", photos: [photo] }, []],
    ["photos without text", { message: "", photos: [photo] }, []],
    ["a video without text", { video }, []],
    ["nothing", {}, ["message"]],
    ["blank text and no media", { message: "   ", photos: [], video: null }, ["message"]],
    ["one character", { message: "x" }, ["message"]],
    ["one character with a photo", { message: "x", photos: [photo] }, ["message"]],
    ["text too long", { message: "a".repeat(CUSTOMER_MESSAGE_MAX + 1) }, ["message"]],
    ["too many photos", { photos: Array.from({ length: PHOTO_MAX_COUNT + 1 }, (_, i) => photo.replace(/1$/, String(i))) }, ["photos"]],
    ["a photo twice", { photos: [photo, photo] }, ["photos"]],
    ["a photo that is no id", { photos: ["photo.jpg"] }, ["photos.0"]],
    ["a video that is no id", { message: "Bruit", video: "film.mp4" }, ["video"]],
  ])("%s", (_, input, expected) => {
    expect(problems(input).map(([path]) => path)).toEqual(expected);
  });

  it("says that a message needs text, a photo or a video, on the message", () => {
    expect(problems({ message: "" })).toEqual([["message", SERVICE_REQUEST_MESSAGES.messageEmpty]]);
  });

  it("trims its text and keeps its lines", () => {
    expect(v.parse(ServiceRequestMessage, { message: "  Bonjour\nÀ demain  " })).toEqual({
      message: "Bonjour\nÀ demain",
      photos: [],
      video: null,
    });
  });
});
