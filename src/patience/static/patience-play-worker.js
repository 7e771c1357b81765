/* The Play panel's engine, in a Web Worker: Pyodide and the project's wheel (both served by the book
 * itself) answer the panel's requests off the page's main thread, so the page stays responsive while
 * the solver thinks about a hint.
 *
 * This script knows no rule of any game either: every answer comes from patience.web.handle.
 * Messages in: {id, start: {indexURL, wheelURL}} once, then {id, request} (the request as JSON text)
 * or {id, resources: true} (what the worker fetched, for the tests' check that nothing came from
 * another site).  Messages out: {id, answer} (the answer as JSON text) or {id, error}.
 */
"use strict";

let starting = null; // the promise of the engine's handle function
let handle = null;

async function start(indexURL, wheelURL) {
  importScripts(indexURL + "pyodide.js");
  const [pyodide, archive] = await Promise.all([
    self.loadPyodide({ indexURL: indexURL, fullStdLib: false }),
    fetch(wheelURL).then((response) => {
      if (!response.ok) throw new Error("could not load the engine's wheel (" + response.status + ")");
      return response.arrayBuffer();
    }),
  ]);
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(archive), "wheel", { extractDir: site });
  handle = pyodide.pyimport("patience.web").handle;
}

self.onmessage = async (event) => {
  const { id, start: where, request, resources } = event.data;
  try {
    if (where) {
      starting = starting || start(where.indexURL, where.wheelURL);
      await starting;
      self.postMessage({ id: id, answer: null });
    } else if (resources) {
      self.postMessage({ id: id, answer: performance.getEntriesByType("resource").map((e) => e.name) });
    } else {
      await starting; // requests wait for the engine, and keep their order
      self.postMessage({ id: id, answer: handle(request) });
    }
  } catch (error) {
    self.postMessage({ id: id, error: String((error && error.message) || error) });
  }
};
