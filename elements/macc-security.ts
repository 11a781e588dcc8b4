import { area } from "../src/areas/security/area";
import { Security } from "../src/areas/security/Security";
import { defineElement } from "./define";

defineElement("macc-security", Security, area);
