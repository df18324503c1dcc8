'use strict';
// A minimal synchronous event bus for the plugin system.

class EventBus {
  constructor() {
    this.handlers = new Map();
  }

  on(event, handler) {
    if (typeof handler !== 'function') throw new TypeError('handler must be a function');
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(handler);
    return this;
  }

  off(event, handler) {
    const list = this.handlers.get(event);
    if (!list) return this;
    const index = list.indexOf(handler);
    if (index !== -1) list.splice(index, 1);
    if (list.length === 0) this.handlers.delete(event);
    return this;
  }

  emit(event, ...args) {
    const list = this.handlers.get(event);
    if (!list) return false;
    for (const handler of [...list]) handler(...args);
    return true;
  }

  listenerCount(event) {
    const list = this.handlers.get(event);
    return list ? list.length : 0;
  }
}

module.exports = { EventBus };
