import { area } from "../src/areas/personal-info/area";
import { InfoConfirmation } from "../src/areas/personal-info/InfoConfirmation";
import { defineElement } from "./define";

defineElement("macc-info-confirmation", InfoConfirmation, area);
