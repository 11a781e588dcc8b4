import { area } from "../src/areas/password/area";
import { ForgotPassword } from "../src/areas/password/ForgotPassword";
import { defineElement } from "./define";

defineElement("macc-forgot-password", ForgotPassword, area);
