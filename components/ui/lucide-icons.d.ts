// Types of the Lucide set's per-icon modules (the package types only its index, which would
// pull every icon into the bundle). Each is the list of the icon's SVG shapes.
declare module 'lucide/dist/esm/icons/*.mjs' {
  const icon: [tag: string, attrs: Record<string, string | number | undefined>][];
  export default icon;
}
