import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../test/memory-storage";
import { LOCALES } from "../contract/constants";
import { countryOf } from "./locale";
import { createRegistrationStore, REGISTRATION_KEY, registrationCountry } from "./registration";

const found = [{ idTier: "1", formeJuridique: "SAS", raisonSocial: "Ferme", immatriculation: "552100554", numeroClient: "C-100200" }];
const identify = {
  token: "reg-1",
  pays: "FR" as const,
  immatriculation: "552100554",
  numeroClient: "",
  email: "a@b.fr",
  mobile: "+33 6 11 22 33 44",
  entreprisesTrouvees: found,
};

describe("registrationCountry: the country offered first is the locale's (SPEC §9)", () => {
  it.each(LOCALES)("%s → its country", (locale) => {
    expect(registrationCountry(locale)).toBe(countryOf(locale));
  });

  it("none chosen until the customer has identified", () => {
    expect(createRegistrationStore(new MemoryStorage()).getState().pays).toBeNull();
  });
});

describe("registration state", () => {
  it("walks through the steps in order", () => {
    const store = createRegistrationStore(new MemoryStorage());
    const steps = [store.getState().step];
    store.getState().identified(identify);
    steps.push(store.getState().step);
    store.getState().companiesChosen(["1"], [{ id: "m1", type: "sms", masked: "+33 6 ** ** ** 44" }]);
    steps.push(store.getState().step);
    store.getState().codeSent("m1", 60, new Date("2026-11-21T10:00:00Z"));
    steps.push(store.getState().step);
    store.getState().verified();
    steps.push(store.getState().step);
    expect(steps).toEqual(["identify", "companies", "contact", "code", "password"]);
    expect(store.getState()).toMatchObject({
      moyenContactChoisi: "m1",
      dateExecution: "2026-11-21T10:00:00.000Z",
      idEntreprisesChoisies: ["1"],
    });
  });

  it("survives a reload mid-flow, and is cleared on reset", () => {
    const storage = new MemoryStorage();
    const first = createRegistrationStore(storage);
    first.getState().identified(identify);
    const reloaded = createRegistrationStore(storage);
    expect(reloaded.getState()).toMatchObject({ step: "companies", token: "reg-1", entreprisesTrouvees: found });
    reloaded.getState().reset();
    expect(storage.getItem(REGISTRATION_KEY)).toBeNull();
    expect(createRegistrationStore(storage).getState().step).toBe("identify");
  });

  it("identifying again forgets the previous choices", () => {
    const store = createRegistrationStore(new MemoryStorage());
    store.getState().identified(identify);
    store.getState().companiesChosen(["1"], [{ id: "m1", type: "email", masked: "a***@b***.fr" }]);
    store.getState().identified({ ...identify, token: "reg-2" });
    expect(store.getState()).toMatchObject({ step: "companies", token: "reg-2", idEntreprisesChoisies: [], moyensContactsTrouves: [] });
  });

  it("ignores corrupt saved state", () => {
    const storage = new MemoryStorage();
    storage.setItem(REGISTRATION_KEY, "{not json");
    expect(createRegistrationStore(storage).getState().step).toBe("identify");
  });
});
