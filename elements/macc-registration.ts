import { area } from "../src/areas/registration/area";
import { Registration } from "../src/areas/registration/Registration";
import { defineElement } from "./define";

defineElement("macc-registration", Registration, area);
