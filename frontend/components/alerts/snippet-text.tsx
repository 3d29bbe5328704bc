import { snippetPieces } from './alert-format';

/** A hit's snippet: plain text whose matched words (between U+E000 and U+E001) are marked. */
export function SnippetText({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetPieces(snippet).map((piece, i) =>
        piece.marked ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}
