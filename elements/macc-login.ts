import { area } from "../src/areas/login/area";
import { Login } from "../src/areas/login/Login";
import { defineElement } from "./define";

defineElement("macc-login", Login, area);
