import { area } from "../src/areas/login-help/area";
import { LoginHelp } from "../src/areas/login-help/LoginHelp";
import { defineElement } from "./define";

defineElement("macc-login-help", LoginHelp, area);
