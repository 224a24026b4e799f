// Small DOM helpers the page's modules share: an element by id, an element built with its
// attributes, listeners and children, and the address of one of the page's own static files.

/** The address of a file in sandbox/public, as the page server serves it. */
export const local = (name) => `/static/${name}`;

export const $ = (id) => document.getElementById(id);

/** An element: `on…` attributes become listeners; false, undefined and null leave the attribute out. */
export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === undefined || v === null) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  node.append(...children);
  return node;
};
