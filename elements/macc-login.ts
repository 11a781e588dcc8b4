import { Login } from "../src/areas/login/Login";
import css from "../src/areas/login/login.css?inline";
import { defineElement } from "./define";

defineElement("macc-login", Login, { props: { variant: "string" }, styles: [css], reserve: "28rem" });
