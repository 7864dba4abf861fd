#!/usr/bin/env node
// The installed `reference-server` command: starts the built server (dist/, made by `tsc -b`).
import '../dist/main.js';
