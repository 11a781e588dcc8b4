import { area } from "../src/areas/team/area";
import { Team } from "../src/areas/team/Team";
import { defineElement } from "./define";

defineElement("macc-team", Team, area);
