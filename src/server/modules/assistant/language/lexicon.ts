import { foldAccents, type Language } from './detect.ts';

/**
 * A light lexicon per language: the words of shopping DMs (colours, sizes, product kinds, quantities, and the
 * cues of each intent) read as the English word the catalog search and the intent patterns know. Product names
 * stay as the store writes them: a word with no entry passes through untouched. Plural and gendered endings are
 * folded by trying the word, then the word without its last -s / -es / -a / -e / -n (a light stemmer).
 * docs/decisions/036-language-detection-eld.md
 */
const entries: Record<Exclude<Language, 'en'>, string> = {
  es: `
    chocolate=chocolate vainilla=vanilla fresa=strawberry platano=banana cafe=coffee
    cuero|piel=leather lino=linen algodon=cotton lana=wool acero=steel vidrio=glass
    venden|vendeis|vendes=do you sell tienda|tiendas=shop tengo=i have tenemos=we have somos=we are empresa=company
    mayorista|para tiendas=wholesale embarazada=pregnant medicamentos|medicacion=medication pulgadas|pulgada=inch
    alfombra=rug yute=jute hierro fundido=cast iron sarten=pan banador|traje de bano=swimsuit entero=one-piece
    mochila=backpack limon=lemon crema de manos=hand cream toalla turca=turkish towel turca=turkish vegano|vegana=vegan
    cuando vuelve|cuando vuelven=when back otro|otra=other
    negro|negra=black blanco|blanca=white gris=grey azul=blue azul marino=navy rojo|roja=red verde=green
    rosa|rosado|rosada=pink morado|morada|lila=purple amarillo|amarilla=yellow marron|cafe=brown beige=beige
    naranja=orange crema=cream oscuro|oscura=dark claro|clara=light
    pequeno|pequena|chica|chico=small mediana|mediano=medium grande=large extra grande=xl talla|talle=size
    sudadera|buzo=hoodie camiseta|playera|remera=tee sueter|jersey=sweater chaqueta|chamarra=jacket
    pantalon|pantalones=trousers vaqueros|jeans=jeans vestido=dress zapatillas|tenis=sneakers botas=boots
    zapatos=shoes bolso|bolsa=bag gorra=cap gorro=beanie calcetines=socks bufanda=scarf
    crema hidratante=moisturizer serum|suero=serum protector solar=sunscreen labial=lipstick perfume=perfume
    champu=shampoo vela|velas=candle taza|tazas=mug toalla|toallas=towel sarten=pan botella=bottle
    proteina=protein cojin=cushion manta=blanket lampara=lamp sabor=flavor
    un|una|uno=one dos=two tres=three cuatro=four cinco=five seis=six siete=seven ocho=eight nueve=nine
    diez=ten un par de=a couple of par|pares=pair unidades|unidad=units
    tienen|tienes|hay|teneis=do you have disponible|disponibles=available en stock=in stock
    quiero|quisiera|me gustaria=i want necesito=i need cuanto cuesta|cuanto vale|cuanto es|precio=how much
    hablar con|persona real|una persona=talk to someone dueno|duena|propietario=owner equipo=team
    al por mayor|mayorista|mayoreo=wholesale revendedor|reventa=reseller
    pedido=order mi pedido=my order no ha llegado|no llego=never arrived queja|reclamo=complaint
    otra vez|de nuevo=again prometieron|prometiste=promised abogado=lawyer alergia|alergica|reaccion=allergic reaction
    gracias=thanks hola=hi y=and en=in de esos|de esas|de ese|de esa=of those ese|esa|eso=that one el otro|la otra=the other one
    por favor=please tambien=also o=or con=with para=for de=of`,
  fr: `
    chocolat=chocolate vanille=vanilla fraise=strawberry banane=banana
    cuir=leather lin=linen coton=cotton laine=wool acier=steel verre=glass
    vendez-vous|vous vendez|vendez=do you sell boutique|magasin=shop j'ai=i have nous avons=we have entreprise|societe=company
    enceinte=pregnant medicaments|traitement=medication pouces|pouce=inch tapis=rug jute=jute fonte=cast iron
    maillot|maillot de bain=swimsuit une piece=one-piece sac a dos=backpack citron=lemon creme pour les mains=hand cream
    vegan|vegane|vegetalien=vegan
    noir|noire=black blanc|blanche=white gris|grise=grey bleu|bleue=blue bleu marine=navy rouge=red vert|verte=green
    rose=pink violet|violette=purple jaune=yellow marron=brown beige=beige orange=orange creme=cream
    fonce|foncee=dark clair|claire=light
    petit|petite=small moyen|moyenne=medium grand|grande=large tres grand=xl taille=size pointure=size
    sweat|sweat a capuche=hoodie t-shirt|tee-shirt=tee pull=sweater veste|blouson=jacket pantalon=trousers
    jean=jeans robe=dress baskets=sneakers bottes=boots chaussures=shoes sac=bag casquette=cap bonnet=beanie
    chaussettes=socks echarpe=scarf creme hydratante=moisturizer serum=serum creme solaire=sunscreen
    rouge a levres=lipstick parfum=perfume shampooing=shampoo bougie|bougies=candle tasse|mug=mug
    serviette|serviettes=towel poele=pan gourde|bouteille=bottle proteine|proteines=protein coussin=cushion
    plaid|couverture=blanket lampe=lamp saveur|gout=flavor
    un|une=one deux=two trois=three quatre=four cinq=five six=six sept=seven huit=eight neuf=nine dix=ten
    quelques=a couple of une paire de=a pair of paire|paires=pair
    vous avez|avez-vous|avez vous|il y a|vous auriez=do you have dispo|disponible|disponibles=available en stock=in stock
    je voudrais|je veux|j'aimerais=i want il me faut|j'ai besoin de=i need combien|prix|ca coute=how much
    parler a|parler avec|une personne|un humain=talk to someone patron|proprietaire|gerant=owner equipe=team
    en gros|grossiste|revendeur=wholesale commande|ma commande=my order pas recu|jamais recu=never arrived
    plainte|reclamation=complaint encore|a nouveau=again promis=promised avocat=lawyer allergie|reaction=allergic reaction
    merci=thanks bonjour|salut|coucou=hi et=and en=in de ceux-la|de celles-la|de ca=of those celui-la|celle-la=that one
    l'autre=the other one s'il vous plait|svp|stp=please aussi=also ou=or avec=with pour=for`,
  de: `
    schokolade|schoko=chocolate vanille=vanilla erdbeere=strawberry banane=banana kaffee=coffee
    leder=leather leinen=linen baumwolle=cotton wolle=wool stahl|edelstahl=steel glas=glass
    verkauft ihr|verkaufen sie|verkaufst du=do you sell laden|geschaft|geschaeft=shop wir haben=we have firma|unternehmen=company
    schwanger|stillzeit=pregnant medikamente|tabletten=medication zoll=inch teppich=rug jute=jute
    gusseisern|gusseiserne|gusseisernen|guss=cast iron badeanzug=swimsuit rucksack=backpack zitrone=lemon
    handcreme=hand cream vegan|vegane|veganes=vegan pulver=powder senfgelb=mustard wann wieder=when back
    schwarz|schwarze|schwarzen=black weiss|weisse|weissen=white grau|graue=grey blau|blaue|blauen=blue
    dunkelblau|marineblau=navy rot|rote|roten=red grun|grune|gruenen|gruen=green rosa|pink=pink lila|violett=purple
    gelb|gelbe=yellow braun|braune=brown beige=beige orange=orange creme=cream dunkel=dark hell=light
    klein|kleine=small mittel=medium gross|grosse=large extra gross=xl grosse|groesse|grose=size
    kapuzenpullover|hoodie=hoodie t-shirt|shirt=tee pullover|pulli=sweater jacke=jacket hose=trousers
    jeans=jeans kleid=dress turnschuhe|sneaker=sneakers stiefel=boots schuhe=shoes tasche=bag kappe|mutze=cap
    socken=socks schal=scarf feuchtigkeitscreme=moisturizer serum=serum sonnencreme=sunscreen lippenstift=lipstick
    parfum=perfume shampoo=shampoo kerze|kerzen=candle tasse|tassen|becher=mug handtuch|handtucher=towel
    pfanne=pan flasche|trinkflasche=bottle protein|eiweiss=protein kissen=cushion decke=blanket lampe=lamp
    geschmack|sorte=flavor
    ein|eine|einen|eins=one zwei=two drei=three vier=four funf|fuenf=five sechs=six sieben=seven acht=eight
    neun=nine zehn=ten ein paar=a couple of paar=pair stuck=units
    habt ihr|haben sie|gibt es|hast du=do you have verfugbar|lieferbar|vorratig=available auf lager=in stock
    ich mochte|ich moechte|ich hatte gern|ich will=i want ich brauche|brauche=i need
    wie viel|wieviel|was kostet|kostet|preis=how much sprechen mit|mit einem menschen|einen menschen=talk to someone
    inhaber|besitzer|chef=owner team=team grosshandel|wiederverkaufer|haendler=wholesale
    bestellung|meine bestellung=my order nicht angekommen|nie angekommen=never arrived beschwerde=complaint
    wieder|schon wieder|nochmal=again versprochen=promised anwalt=lawyer allergie|allergisch|reaktion=allergic reaction
    danke=thanks hallo|hi|servus=hi und=and in=in davon=of those das andere|die andere|den anderen=the other one
    bitte=please auch=also oder=or mit=with fur=for`,
  pt: `
    chocolate=chocolate baunilha=vanilla morango=strawberry banana=banana
    couro=leather linho=linen algodao=cotton la=wool aco=steel vidro=glass
    voces vendem|vcs vendem|vendem=do you sell loja=shop tenho=i have temos=we have somos=we are empresa=company
    gravida=pregnant remedios|medicamentos=medication polegadas|polegada=inch tapete=rug juta=jute ferro fundido=cast iron
    maio|biquini=swimsuit mochila=backpack limao=lemon creme para maos=hand cream vegano|vegana=vegan halteres=dumbbells
    preto|preta=black branco|branca=white cinza=grey azul=blue azul marinho=navy vermelho|vermelha=red
    verde=green rosa=pink roxo|roxa|lilas=purple amarelo|amarela=yellow marrom=brown bege=beige laranja=orange
    creme=cream escuro|escura=dark claro|clara=light
    pequeno|pequena=small medio|media=medium grande=large extra grande=xl tamanho|numero=size
    moletom=hoodie camiseta|camisa=tee sueter|sueta=sweater jaqueta|casaco=jacket calca|calcas=trousers
    jeans=jeans vestido=dress tenis=sneakers botas=boots sapatos=shoes bolsa=bag bone=cap gorro=beanie
    meias=socks cachecol=scarf hidratante=moisturizer serum=serum protetor solar=sunscreen batom=lipstick
    perfume=perfume xampu=shampoo vela|velas=candle caneca|canecas=mug toalha|toalhas=towel frigideira=pan
    garrafa=bottle proteina=protein almofada=cushion manta|cobertor=blanket luminaria=lamp sabor=flavor
    um|uma=one dois|duas=two tres=three quatro=four cinco=five seis=six sete=seven oito=eight nove=nine dez=ten
    um par de=a couple of par|pares=pair unidades=units
    voces tem|vcs tem|tem|tém|voce tem=do you have disponivel|disponiveis=available em estoque=in stock
    quero|queria|gostaria=i want preciso=i need quanto custa|quanto e|preco|valor=how much
    falar com|uma pessoa|pessoa real=talk to someone dono|dona|proprietario=owner equipe=team
    atacado|revenda|revendedor=wholesale pedido|meu pedido=my order nao chegou|nunca chegou=never arrived
    reclamacao=complaint de novo|outra vez=again prometeram=promised advogado=lawyer alergia|reacao=allergic reaction
    obrigado|obrigada|valeu=thanks ola|oi=hi e=and em=in desses|dessas=of those esse|essa=that one o outro|a outra=the other one
    por favor|pfv=please tambem=also ou=or com=with para=for`,
  it: `
    cioccolato=chocolate vaniglia=vanilla fragola=strawberry banana=banana caffe=coffee
    pelle=leather lino=linen cotone=cotton lana=wool acciaio=steel vetro=glass
    vendete=do you sell negozio=shop ho=i have abbiamo=we have siamo=we are azienda=company palestra=gym
    incinta|allattamento=pregnant farmaci|medicine=medication pollici|pollice=inch tappeto=rug juta=jute ghisa=cast iron
    costume|costumi|costume da bagno=swimsuit intero|interi=one-piece zaino=backpack limone=lemon
    crema mani|creme mani=hand cream vegano|vegana=vegan c'e=available
    nero|nera=black bianco|bianca=white grigio|grigia=grey blu|azzurro|azzurra=blue blu scuro=navy rosso|rossa=red
    verde=green rosa=pink viola=purple giallo|gialla=yellow marrone=brown beige=beige arancione=orange
    crema=cream scuro|scura=dark chiaro|chiara=light
    piccolo|piccola=small medio|media=medium grande=large extra large=xl taglia|numero=size
    felpa=hoodie maglietta|t-shirt=tee maglione=sweater giacca|giubbotto=jacket pantaloni=trousers jeans=jeans
    vestito|abito=dress scarpe da ginnastica|sneakers=sneakers stivali=boots scarpe=shoes borsa=bag cappellino=cap
    berretto=beanie calzini=socks sciarpa=scarf crema idratante=moisturizer siero=serum crema solare=sunscreen
    rossetto=lipstick profumo=perfume shampoo=shampoo candela|candele=candle tazza|tazze=mug
    asciugamano|asciugamani=towel padella=pan borraccia|bottiglia=bottle proteine|proteina=protein
    cuscino=cushion coperta|plaid=blanket lampada=lamp gusto|sapore=flavor
    un|uno|una=one due=two tre=three quattro=four cinque=five sei=six sette=seven otto=eight nove=nine dieci=ten
    un paio di=a couple of paio|paia=pair pezzi=units
    avete|c'e|ce l'avete=do you have disponibile|disponibili=available in magazzino=in stock
    vorrei|voglio=i want mi serve|mi servono|ho bisogno=i need quanto costa|quanto viene|prezzo=how much
    parlare con|una persona|persona reale=talk to someone titolare|proprietario=owner squadra|team=team
    all'ingrosso|ingrosso|rivenditore=wholesale ordine|il mio ordine=my order non e arrivato|mai arrivato=never arrived
    reclamo=complaint di nuovo|ancora=again promesso=promised avvocato=lawyer allergia|reazione=allergic reaction
    grazie=thanks ciao|salve=hi e=and in=in di quelli|di quelle=of those quello|quella=that one l'altro|l'altra=the other one
    per favore|per piacere=please anche=also o=or con=with per=for`,
};

/** English readings of more than one word: after "=", the next words belong to the reading while they extend one. */
const multiWordReadings = [
  'do you have',
  'i want',
  'i need',
  'how much',
  'talk to someone',
  'a couple of',
  'a pair of',
  'in stock',
  'my order',
  'never arrived',
  'allergic reaction',
  'of those',
  'that one',
  'the other one',
  'do you sell',
  'cast iron',
  'hand cream',
  'when back',
  'turkish towel',
  'i have',
  'we have',
  'we are',
];

/** "a|b c=x y d=z": entries of alternatives (a phrase may have spaces) and their English reading. */
function parseEntries(source: string): [string, string][] {
  const out: [string, string][] = [];
  const tokens = source.trim().split(/\s+/);
  let left: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const at = token.indexOf('=');
    if (at === -1) {
      left.push(token);
      continue;
    }
    let right = token.slice(at + 1);
    while (
      index + 1 < tokens.length &&
      !tokens[index + 1]!.includes('=') &&
      multiWordReadings.some((reading) => reading.startsWith(`${right} ${tokens[index + 1]}`))
    ) {
      index += 1;
      right = `${right} ${tokens[index]}`;
    }
    out.push([[...left, token.slice(0, at)].join(' '), right]);
    left = [];
  }
  return out;
}

/**
 * A lexicon's phrases (pattern, English reading, and the phrase itself: a text that does not contain it cannot
 * match, and a substring check is far cheaper than the pattern, which runs for every phrase of five languages on
 * most DMs) and its single words.
 */
type Table = { phrases: [RegExp, string, string][]; words: Map<string, string> };
const tables = new Map<Language, Table>();

function tableOf(language: Exclude<Language, 'en'>): Table {
  let table = tables.get(language);
  if (table) return table;
  const phrases: [string, string][] = [];
  const words = new Map<string, string>();
  for (const [left, right] of parseEntries(entries[language])) {
    for (const form of left.split('|').map((item) => foldAccents(item.trim())))
      if (/\s/.test(form)) phrases.push([form, right]);
      else words.set(form, right);
  }
  // Longest phrases first, so "azul marino" wins over "azul".
  phrases.sort((a, b) => b[0].length - a[0].length);
  table = {
    phrases: phrases.map(([form, english]) => [
      new RegExp(`(^|[^\\p{L}'])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}'])`, 'gu'),
      english,
      form,
    ]),
    words,
  };
  tables.set(language, table);
  return table;
}

/** The word's English reading, trying light stems ("negras" -> "negra" -> "negro"). */
function lookUp(words: Map<string, string>, word: string): string | undefined {
  const forms = [
    word,
    word.replace(/s$/, ''),
    word.replace(/es$/, ''),
    word.replace(/[ae]s?$/, 'o'),
    word.replace(/(e|en|n)$/, ''),
  ];
  for (const form of forms) if (form.length >= 1 && words.has(form)) return words.get(form);
  return undefined;
}

/**
 * The buyer's DM read into English words for the search and the intent patterns. An English DM is returned as
 * it is. Words the lexicon does not know (product names, brand words) pass through.
 */
export function toEnglish(text: string, language: Language): string {
  if (language === 'en') return text;
  const table = tableOf(language);
  let out = ` ${foldAccents(text).replace(/[¿¡]/g, ' ')} `;
  for (const [pattern, english, form] of table.phrases)
    if (out.includes(form)) out = out.replace(pattern, `$1${english}`);
  return out
    .split(/(\s+|[^\p{L}\p{N}'-]+)/u)
    .map((token) => {
      if (!/^[\p{L}'-]+$/u.test(token)) return token;
      return lookUp(table.words, token) ?? token;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** English words that say a DM is English, whatever else it holds (a product name in another language). */
const englishCue =
  /\b(the|you|u|do|does|have|has|is|are|any|please|pls|what|how|can|i|my|your|of|for|with|got|need|want|this|that|it|sell|size|colou?r)\b/;

/**
 * The language whose lexicon reads the most of a DM that n-grams could not place ("verkauft ihr Fahrradhelme?",
 * "Rucksack 22L in senfgelb"): its phrases and words that are not written the same in English. Null when the DM
 * has an English cue word or no language reads more of it than every other.
 */
export function languageByLexicon(text: string): Language | null {
  const folded = ` ${foldAccents(text).replace(/[¿¡]/g, ' ')} `;
  if (englishCue.test(folded)) return null;
  const tokens = folded.split(/[^\p{L}'-]+/u).filter((token) => token.length >= 2);
  const votes: [Language, number][] = [];
  for (const language of ['es', 'fr', 'de', 'pt', 'it'] as const) {
    const table = tableOf(language);
    let count = 0;
    for (const [pattern, english, form] of table.phrases) {
      if (!folded.includes(form)) continue;
      pattern.lastIndex = 0;
      if (pattern.test(folded) && !folded.includes(` ${english} `)) count += 2;
      pattern.lastIndex = 0;
    }
    for (const token of tokens) {
      const english = lookUp(table.words, token);
      if (english !== undefined && english !== token && `${english}s` !== token) count += 1;
    }
    votes.push([language, count]);
  }
  votes.sort((a, b) => b[1] - a[1]);
  const [best, second] = votes;
  // One word is not enough: "rose" and "nero" are also words of English DMs and product names.
  return best && best[1] >= 2 && best[1] > (second?.[1] ?? 0) ? best[0] : null;
}

const readingsCache = new Map<Language, Set<string>>();
/** Every English word the lexicon of a language reads into: the words of a DM it understood. */
export function lexiconReadings(language: Language): Set<string> {
  if (language === 'en') return new Set();
  let words = readingsCache.get(language);
  if (!words) {
    const table = tableOf(language);
    words = new Set(
      [...table.words.values(), ...table.phrases.map(([, english]) => english)].flatMap((english) =>
        english.split(/\s+/),
      ),
    );
    readingsCache.set(language, words);
  }
  return words;
}
