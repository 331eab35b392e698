/** Every subcommand, in the order `colloc --help` lists them. Each module adds itself to the program. */
import type { Command } from "commander";

export type Register = (program: Command) => void;

export const commands: Register[] = [];
