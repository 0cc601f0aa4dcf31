// Texts that would break out of a string, a template or a comment if they were pasted into generated
// source: the tests of generated code (expressions, and the compiled tier's programs) play them.
export const HOSTILE = [
  '\\"); globalThis.__regulaInjected = 1; (\\"',
  "'); globalThis.__regulaInjected = 2; ('",
  '`; globalThis.__regulaInjected = 3; `',
  '${globalThis.__regulaInjected = 4}',
  '*/ globalThis.__regulaInjected = 5; /*',
  '</script><script>globalThis.__regulaInjected = 6</script>',
];
