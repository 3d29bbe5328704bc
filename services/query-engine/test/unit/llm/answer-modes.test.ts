import { answerModesOf } from '../../../src/ask/llm/answer-modes';

describe('answer modes', () => {
  it('offers only extractive answers without a language model, whatever the configured default', () => {
    expect(answerModesOf({ generativeConfigured: false, configuredDefault: 'extractive' })).toEqual({
      modes: ['extractive'],
      defaultMode: 'extractive',
    });
    expect(answerModesOf({ generativeConfigured: false, configuredDefault: 'generative' })).toEqual({
      modes: ['extractive'],
      defaultMode: 'extractive',
    });
  });

  it('offers both with a model, keeping the configured default', () => {
    expect(answerModesOf({ generativeConfigured: true, configuredDefault: 'generative' })).toEqual({
      modes: ['extractive', 'generative'],
      defaultMode: 'generative',
    });
    expect(answerModesOf({ generativeConfigured: true, configuredDefault: 'extractive' }).defaultMode).toBe(
      'extractive',
    );
  });
});
