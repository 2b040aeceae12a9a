/**
 * The class index.html's early script puts on `<html>` when the address is the plain one and the
 * build's static first screen (firstScreen.ts) is shown. A module of its own: the page's entry
 * reads it before any other of the app's code is loaded.
 */
export const FIRST_SCREEN_ON = 'slopack-first';
