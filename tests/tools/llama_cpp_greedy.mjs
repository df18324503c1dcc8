// llama.cpp's greedy answer on a GGUF file, for the golden tests
// (tests/common/mod.rs DEFAULT_GOLDEN): the prompt in Qwen2.5's chat
// template with its default system message, as the GGUF's own template
// renders one user message (memdoor's prompt is the same 51 tokens).
//
// Not run by the test suite (it needs npm): reproduce the golden with
//   mkdir /tmp/l && cd /tmp/l && npm install node-llama-cpp@3.22.1   # prebuilt llama.cpp, CPU
//   cp ~/memdoor/tests/tools/llama_cpp_greedy.mjs . # (imports resolve beside the script)
//   node llama_cpp_greedy.mjs MODEL.gguf "PROMPT" 48
// Prints {"prompt_tokens", "ids", "text"} as JSON.
import {getLlama} from "node-llama-cpp";

const [modelPath, prompt, n] = process.argv.slice(2);
const llama = await getLlama({gpu: false, build: "never"});
const model = await llama.loadModel({modelPath});
const context = await model.createContext({contextSize: 2048, threads: 2});
const seq = context.getSequence();
const text = `<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n<|im_start|>user\n${prompt}<|im_end|>\n<|im_start|>assistant\n`;
const tokens = model.tokenize(text, true);
const out = [];
for await (const t of seq.evaluate(tokens, {temperature: 0})) {
  if (model.isEogToken(t)) break;
  out.push(t);
  if (out.length >= Number(n)) break;
}
console.log(JSON.stringify({prompt_tokens: tokens.length, ids: out, text: model.detokenize(out)}));
