// Test-only. jsdom's `label.control`, made to find the element its `for` names through the
// document's id table instead of a walk of the whole document.
//
// Testing Library's label queries ask each form control for its labels (`input.labels`); jsdom
// answers by walking the document and asking every label for its control, and a label with `for`
// walks the document again to find its element: a walk per label per control. On a dialog of a
// few hundred elements and a dozen labelled fields that was the largest single cost of the web
// tests' label queries.
//
// Here a label in a document whose id table holds exactly one element with that id, in that
// document, gets that element (if it is labelable, as jsdom checks): the first element in tree
// order with the id, since it is the only one. Anything else (several elements sharing the id, a
// label outside a document, a label without `for`) goes to jsdom's own getter, unchanged.
// jsdom-label-control.test.tsx compares the two on the same DOM.
import { fromJsdom } from './jsdom-style-index';

interface NodeImpl {
  getRootNode(options: object): NodeImpl;
}
interface DocumentImpl extends NodeImpl {
  _ids?: Record<string, NodeImpl[] | undefined>;
}
interface LabelImpl extends NodeImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
}

/** Where jsdom's own getter is kept once replaced: this module may be evaluated again for each test file. */
const ORIGINAL = Symbol.for('willow.jsdomLabelControl.original');
const { implementation: LabelImplClass } = fromJsdom('./jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } };
const { isLabelable } = fromJsdom('./jsdom/living/helpers/form-controls.js') as { isLabelable(node: NodeImpl): boolean };
const { domSymbolTree } = fromJsdom('./jsdom/living/helpers/internal-constants.js') as { domSymbolTree: { parent(node: NodeImpl): NodeImpl | null } };

type Getter = (this: LabelImpl) => NodeImpl | null;
const proto = LabelImplClass.prototype as Record<symbol, Getter | undefined>;
/** jsdom's own getter, kept for everything the fast path leaves, and for the comparison test. */
const original: Getter = proto[ORIGINAL] ?? (Object.getOwnPropertyDescriptor(proto, 'control')!.get! as Getter);

/** The one element of `root` (a document) with this id, or undefined when there is not exactly one. */
function onlyElementWithId(root: DocumentImpl, id: string): NodeImpl | null | undefined {
  const candidates = root._ids?.[id];
  if (!candidates) return root._ids ? null : undefined;
  let found: NodeImpl | undefined;
  for (const candidate of candidates) {
    let top = candidate;
    for (let up = domSymbolTree.parent(top); up; up = domSymbolTree.parent(top)) top = up;
    if (top !== root) continue;
    if (found) return undefined;
    found = candidate;
  }
  return found ?? null;
}

function control(this: LabelImpl): NodeImpl | null {
  const forValue = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
  if (forValue) {
    const root = this.getRootNode({}) as DocumentImpl;
    const element = root._ids ? onlyElementWithId(root, forValue) : undefined;
    if (element !== undefined) return element && isLabelable(element) ? element : null;
  }
  return original.call(this);
}

/** jsdom's own `control` of a label (its implementation object), for the comparison test. */
export const jsdomControl = (label: object): unknown => original.call(label as LabelImpl);

/** Whether labels answer through this file's getter rather than jsdom's. */
export const jsdomLabelControlInstalled = (): boolean => proto[ORIGINAL] !== undefined && Object.getOwnPropertyDescriptor(proto, 'control')?.get !== original;

export function installJsdomLabelControl(): void {
  if (proto[ORIGINAL]) return;
  proto[ORIGINAL] = original;
  Object.defineProperty(proto, 'control', { get: control, configurable: true });
}
