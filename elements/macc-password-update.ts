import { area } from "../src/areas/password/area";
import { PasswordUpdate } from "../src/areas/password/PasswordUpdate";
import { defineElement } from "./define";

defineElement("macc-password-update", PasswordUpdate, area);
