#!/usr/bin/env node
// The installed `vendor` command: runs the built CLI (dist/, made by `tsc -b`).
import { runCli } from '../dist/cli/main.js';

runCli();
