import { describe, expect, it } from 'vitest';
import { parseStreamMessage, readEventStream, splitStreamMessages, type StreamMessage } from './eventStream';

describe('the event-stream reader', () => {
  it('parses a message, one space after the colon taken as the format', () => {
    expect(parseStreamMessage('event: change\nid: 7\ndata: {"a":1}')).toEqual({
      event: 'change',
      id: '7',
      data: '{"a":1}',
    });
    expect(parseStreamMessage('data:x\ndata:  y')).toEqual({ event: 'message', data: 'x\n y' });
  });

  it('takes a block of comments only as no message', () => {
    expect(parseStreamMessage(': ping')).toBeNull();
  });

  it('keeps a message not yet ended for the next chunk', () => {
    expect(splitStreamMessages('event: ready\ndata: 1\n\n: ping\n\nevent: chan')).toEqual({
      messages: [{ event: 'ready', data: '1' }],
      comments: [': ping'],
      rest: 'event: chan',
    });
  });

  it('reads messages split across chunks, hearing every chunk', async () => {
    const chunks = ['event: ch', 'ange\nid: 1\ndata: {}\n', '\n: ping\n\n', 'event: cut'];
    const reader = { read: async () => (chunks.length ? { done: false, value: chunks.shift() } : { done: true }) };
    const messages: StreamMessage[] = [];
    const comments: string[] = [];
    let heard = 0;
    await readEventStream(reader, {
      message: (m) => messages.push(m),
      comment: (c) => comments.push(c),
      chunk: () => heard++,
    });
    expect(messages).toEqual([{ event: 'change', id: '1', data: '{}' }]);
    expect(comments).toEqual([': ping']);
    expect(heard).toBe(4);
  });
});
