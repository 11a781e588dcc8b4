import { area } from "../src/areas/adviser/area";
import { Adviser } from "../src/areas/adviser/Adviser";
import { defineElement } from "./define";

defineElement("macc-adviser", Adviser, area);
