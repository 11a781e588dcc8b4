import { describe, expect, it } from "vitest";
import { verdict } from "./rules";
import {
  DESCRIPTION_MAX,
  isOpenStatus,
  PHOTO_MAX_COUNT,
  photoTypeOf,
  SERVICE_REQUEST_MESSAGES as M,
  SERVICE_REQUEST_STATUSES,
  ServiceRequest,
  ServiceRequestParams,
  USAGE_HOURS_MAX,
} from "./service-request";

const VALID = {
  codeFamille: "mach",
  codeProduit: "MACH-TRACT-130",
  numeroSerie: "TR130-20-00391",
  kind: "breakdown",
  description: "  Ne démarre plus.\n\nVoyant moteur allumé.  ",
  usageHours: 4210,
  urgency: "machine-stopped",
  location: "farm",
  otherAddress: "",
  callTime: "morning",
  photos: [],
  langue: "fr-FR",
};
const photo = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("ServiceRequest", () => {
  it("upper-cases the family, trims the description and keeps its lines, defaults what is optional", () => {
    const { codeProduit: _p, numeroSerie: _s, usageHours: _h, photos: _f, ...minimal } = VALID;
    expect(verdict(ServiceRequest, minimal)).toEqual({
      valid: true,
      value: {
        ...minimal,
        codeFamille: "MACH",
        codeProduit: null,
        numeroSerie: null,
        usageHours: null,
        photos: [],
        video: null,
        description: "Ne démarre plus.\n\nVoyant moteur allumé.",
      },
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ["0 hours", { usageHours: 0 }],
    [`${USAGE_HOURS_MAX} hours`, { usageHours: USAGE_HOURS_MAX }],
    ["null hours", { usageHours: null }],
    [`${PHOTO_MAX_COUNT} photos`, { photos: Array.from({ length: PHOTO_MAX_COUNT }, (_, i) => photo(i)) }],
    ["a description of the longest length", { description: "x".repeat(DESCRIPTION_MAX) }],
    ["another address when the machine is elsewhere", { location: "other", otherAddress: "Hangar de la Grande Pièce" }],
    ["an address ignored at the farm", { location: "farm", otherAddress: "ignored" }],
  ])("accepts %s", (_, change) => {
    expect(verdict(ServiceRequest, { ...VALID, ...change }).valid).toBe(true);
  });

  it.each<[string, Record<string, unknown>, { path: string; rule: string; message?: string }[]]>([
    ["an unknown kind", { kind: "repair" }, [{ path: "kind", rule: "choice" }]],
    ["no kind", { kind: "" }, [{ path: "kind", rule: "required" }]],
    ["a blank description", { description: "   " }, [{ path: "description", rule: "required" }]],
    ["a description of 9 characters", { description: " 123456789 " }, [{ path: "description", rule: "tooShort" }]],
    ["a description too long", { description: "x".repeat(DESCRIPTION_MAX + 1) }, [{ path: "description", rule: "tooLong" }]],
    ["hours as text", { usageHours: "12" }, [{ path: "usageHours", rule: "format", message: M.usageHours }]],
    ["hours with a fraction", { usageHours: 1.5 }, [{ path: "usageHours", rule: "format", message: M.usageHours }]],
    ["negative hours", { usageHours: -1 }, [{ path: "usageHours", rule: "format", message: M.usageHours }]],
    ["too many hours", { usageHours: USAGE_HOURS_MAX + 1 }, [{ path: "usageHours", rule: "format", message: M.usageHours }]],
    ["hours not a number", { usageHours: Number.NaN }, [{ path: "usageHours", rule: "format", message: M.usageHours }]],
    ["an unknown urgency", { urgency: "soon" }, [{ path: "urgency", rule: "choice" }]],
    ["an unknown location", { location: "field" }, [{ path: "location", rule: "choice" }]],
    ["no address when the machine is elsewhere", { location: "other", otherAddress: " " }, [{ path: "otherAddress", rule: "required" }]],
    ["an unknown call time", { callTime: "night" }, [{ path: "callTime", rule: "choice" }]],
    ["a family code with a slash", { codeFamille: "MA/CH" }, [{ path: "codeFamille", rule: "format", message: M.family }]],
    ["a serial number with a line break", { numeroSerie: "TR\n130" }, [{ path: "numeroSerie", rule: "format", message: M.machine }]],
    ["seven photos", { photos: Array.from({ length: 7 }, (_, i) => photo(i)) }, [{ path: "photos", rule: "format", message: M.photos }]],
    ["a photo twice", { photos: [photo(1), photo(1)] }, [{ path: "photos", rule: "format", message: M.photos }]],
    ["a photo id that is no id", { photos: ["1"] }, [{ path: "photos.0", rule: "format", message: M.photos }]],
    ["a language not offered", { langue: "pt-PT" }, [{ path: "langue", rule: "locale" }]],
  ])("refuses %s", (_, change, problems) => {
    const result = verdict(ServiceRequest, { ...VALID, ...change });
    expect(result.valid).toBe(false);
    if (!result.valid)
      expect(result.problems.map(({ path, rule, message }) => ({ path, rule, ...(message ? { message } : {}) }))).toEqual(problems);
  });
});

describe("photoTypeOf", () => {
  it.each<[string, number[], string | null]>([
    ["a JPEG", [0xff, 0xd8, 0xff, 0xe0], "jpeg"],
    ["a PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "png"],
    ["a WebP", [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], "webp"],
    ["a WAV (RIFF but not WebP)", [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45], null],
    ["a PDF", [0x25, 0x50, 0x44, 0x46, 0x2d], null],
    ["a GIF", [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], null],
    ["nothing", [], null],
  ])("%s", (_, bytes, type) => {
    expect(photoTypeOf(new Uint8Array(bytes))).toBe(type);
  });
});

describe("statuses and references", () => {
  it("declares every state once; done and cancelled are closed", () => {
    expect(SERVICE_REQUEST_STATUSES.filter(isOpenStatus)).toEqual(["received", "assigned", "scheduled", "waiting-for-parts"]);
  });

  it.each([
    ["D-2026-7K3M9Q", true],
    ["d-2026-7k3m9q", true],
    ["D-2026-7K3M9U", false], // U is not in the alphabet
    ["P-2026-7K3M9Q", false],
    ["D-2026-7K3M9", false],
  ])("%s is a reference: %s", (reference, valid) => {
    expect(verdict(ServiceRequestParams, { reference }).valid).toBe(valid);
  });
});
