import { createStore } from "zustand/vanilla";
import { isCompanyCountry, type CompanyCountry } from "../contract/company-numbers";
import type { ContactMeans, FoundCompany } from "../contract/registration";
import type { Locale } from "../contract/constants";
import { countryOf } from "./locale";
import { browserStorage, readJson, removeKey, writeJson } from "./storage";

export type RegistrationStep = "identify" | "companies" | "contact" | "code" | "password";

/** SPEC §3 registration state. The code itself is never kept; the server holds its hash. */
export interface RegistrationState {
  step: RegistrationStep;
  /** The server's registration id, which carries the flow from one step to the next. */
  token: string | null;
  /** The company's country; null until the customer has identified (the form then offers the locale's, SPEC §9). */
  pays: CompanyCountry | null;
  immatriculation: string;
  numeroClient: string;
  email: string;
  mobile: string;
  entreprisesTrouvees: FoundCompany[];
  idEntreprisesChoisies: string[];
  moyensContactsTrouves: ContactMeans[];
  moyenContactChoisi: string | null;
  /** When the last code was sent (ISO), for the resend cool-down. */
  dateExecution: string | null;
  resendAfterSeconds: number;
}

export interface RegistrationActions {
  identified(
    data: Pick<RegistrationState, "token" | "immatriculation" | "numeroClient" | "email" | "mobile" | "entreprisesTrouvees"> & {
      pays: CompanyCountry;
    },
  ): void;
  companiesChosen(ids: string[], means: ContactMeans[]): void;
  codeSent(meansId: string, resendAfterSeconds: number, at?: Date): void;
  verified(): void;
  back(step: RegistrationStep): void;
  reset(): void;
}

/** The country the registration form offers first: the locale's (SPEC §9, "country code from locale"). */
export function registrationCountry(locale: Locale): CompanyCountry {
  const country = countryOf(locale);
  return isCompanyCountry(country) ? country : "FR";
}

export const REGISTRATION_KEY = "macc:registration";

const INITIAL: RegistrationState = {
  step: "identify",
  token: null,
  pays: null,
  immatriculation: "",
  numeroClient: "",
  email: "",
  mobile: "",
  entreprisesTrouvees: [],
  idEntreprisesChoisies: [],
  moyensContactsTrouves: [],
  moyenContactChoisi: null,
  dateExecution: null,
  resendAfterSeconds: 60,
};

/**
 * The registration flow's own store slice: it survives a reload mid-flow (session storage, this
 * tab only) and is cleared at the end or on cancel.
 */
export function createRegistrationStore(storage: Storage | null = browserStorage("session")) {
  const store = createStore<RegistrationState & RegistrationActions>()((set) => ({
    ...INITIAL,
    ...read(storage),
    identified: (data) =>
      set({ ...data, step: "companies", idEntreprisesChoisies: [], moyensContactsTrouves: [], moyenContactChoisi: null }),
    companiesChosen: (ids, means) => set({ idEntreprisesChoisies: ids, moyensContactsTrouves: means, step: "contact" }),
    codeSent: (meansId, resendAfterSeconds, at = new Date()) =>
      set({ moyenContactChoisi: meansId, dateExecution: at.toISOString(), resendAfterSeconds, step: "code" }),
    verified: () => set({ step: "password" }),
    back: (step) => set({ step }),
    reset: () => set(INITIAL),
  }));
  // Blocked storage: the flow still works until the page is reloaded.
  store.subscribe((state) => {
    if (state.step === "identify" && !state.token) removeKey(storage, REGISTRATION_KEY);
    else writeJson(storage, REGISTRATION_KEY, pick(state));
  });
  return store;
}
export type RegistrationStore = ReturnType<typeof createRegistrationStore>;

function pick(state: RegistrationState): RegistrationState {
  const {
    step,
    token,
    pays,
    immatriculation,
    numeroClient,
    email,
    mobile,
    entreprisesTrouvees,
    idEntreprisesChoisies,
    moyensContactsTrouves,
    moyenContactChoisi,
    dateExecution,
    resendAfterSeconds,
  } = state;
  return {
    step,
    token,
    pays,
    immatriculation,
    numeroClient,
    email,
    mobile,
    entreprisesTrouvees,
    idEntreprisesChoisies,
    moyensContactsTrouves,
    moyenContactChoisi,
    dateExecution,
    resendAfterSeconds,
  };
}

function read(storage: Storage | null): Partial<RegistrationState> {
  const parsed = readJson(storage, REGISTRATION_KEY) as Partial<RegistrationState> | null;
  return parsed && typeof parsed === "object" && typeof parsed.step === "string" ? parsed : {};
}
