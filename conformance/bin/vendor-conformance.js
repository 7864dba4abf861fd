#!/usr/bin/env node
// The installed `vendor-conformance` command: runs the built CLI (dist/, made by `tsc -b`).
import { runCli } from '../dist/cli.js';

runCli();
