// Length limits the BFF enforces, read from its OpenAPI document (the contract), for the forms that
// show them. Server-side: pages pass the numbers to client components (the document stays out of bundles).
import openapi from './api/openapi.json';

const schemas = openapi.components.schemas;

/** How long a question may be (POST /api/workspaces/{id}/queries). */
export const QUESTION_MAX_LENGTH: number = schemas.AskRequest.properties.question.maxLength;

/** How long a search's query may be (GET and POST /api/search). */
export const SEARCH_MAX_LENGTH: number = schemas.RecordedSearchRequest.properties.q.maxLength;
