// What a quiet process gives back: its compacted V8 heap, glibc's free pages and the pages of a
// library it no longer uses. Its own package, with no other dependency than koffi, so that the
// frontend's server and the query-engine's worker threads load it alone.
export * from './idle-heap-release';
export * from './library-pages';
