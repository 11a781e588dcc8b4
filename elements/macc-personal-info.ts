import { area } from "../src/areas/personal-info/area";
import { PersonalInfo } from "../src/areas/personal-info/PersonalInfo";
import { defineElement } from "./define";

defineElement("macc-personal-info", PersonalInfo, area);
