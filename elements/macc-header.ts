import { area } from "../src/areas/header/area";
import { Header } from "../src/areas/header/Header";
import { defineElement } from "./define";

defineElement("macc-header", Header, area);
