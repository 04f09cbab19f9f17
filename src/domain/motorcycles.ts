// "Yamaha, BMW" and "MT-07, R1250GS": makes and models typed as lists, in French or English.
const LIST_SEPARATOR = /\s*(?:[,;/]|\s+(?:and|et)\s+)\s*/i;

/**
 * The motorcycles a make and a model describe, one "MAKE MODEL" each: lists of the same length pair up in order
 * ("Yamaha, BMW" + "MT-07, R1250GS" → "Yamaha MT-07", "BMW R1250GS"), one make goes with every model; otherwise
 * the two are read as one description, as typed.
 */
export function pairMakesAndModels(make: string | undefined, model: string | undefined): string[] {
  const makes = splitList(make);
  const models = splitList(model);
  if (makes.length === 0 || models.length === 0)
    return [...makes, ...models].length === 0 ? [] : [[make, model].filter(Boolean).join(' ').trim()];
  if (makes.length === models.length) return makes.map((name, index) => `${name} ${models[index]}`);
  if (makes.length === 1) return models.map((name) => `${makes[0]} ${name}`);
  return [`${make?.trim()} ${model?.trim()}`];
}

function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
