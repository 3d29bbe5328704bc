// What a quiet process gives back: its compacted V8 heap and glibc's free pages. Its own package, with
// no other dependency than koffi, so that the frontend's server and the query-engine's worker threads
// load it alone.
export * from './idle-heap-release';
