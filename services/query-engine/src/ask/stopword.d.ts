/** The part of the untyped `stopword` package this code uses: its English list. */
declare module 'stopword' {
  export const eng: string[];
}
