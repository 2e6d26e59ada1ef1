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
    mujer|mujeres|femenino|femenina=women hombre|hombres|masculino=men
    chocolate=chocolate vainilla=vanilla fresa=strawberry platano=banana cafe=coffee
    cuero|piel=leather lino=linen algodon=cotton lana=wool acero=steel vidrio=glass
    venden|vendeis|vendes=do you sell tienda|tiendas=shop tengo=i have tenemos=we have somos=we are empresa=company
    mayorista|para tiendas=wholesale embarazada=pregnant medicamentos|medicacion=medication pulgadas|pulgada=inch
    alfombra=rug yute=jute hierro fundido=cast iron sarten=pan banador|traje de bano=swimsuit entero=one-piece
    mochila=backpack limon=lemon crema de manos=hand cream toalla turca=turkish towel turca=turkish vegano|vegana=vegan
    cuando vuelve|cuando vuelven=when back otro|otra=other
    o algo parecido|o algo similar|o algo asi|o algo por el estilo|o parecido|o similar=or something similar
    negro|negra=black blanco|blanca=white gris=grey azul=blue azul marino=navy rojo|roja=red verde=green
    rosa|rosado|rosada=pink morado|morada|lila=purple amarillo|amarilla=yellow marron|cafe=brown beige=beige
    naranja=orange crema=cream oscuro|oscura=dark claro|clara=light
    pequeno|pequena|chica|chico=small mediana|mediano=medium grande=large extra grande=xl talla|talle=size
    sudadera|buzo=hoodie camiseta|playera|remera=tee sueter|jersey=sweater chaqueta|chamarra=jacket cremallera=zip plumifero|plumiferos=down jacket te blanco=white tea me lo llevo|me la llevo|me los llevo|me las llevo=i'll take it
    pantalon|pantalones=trousers vaqueros|jeans=jeans vestido=dress zapatillas|tenis=sneakers botas=boots
    zapatos=shoes bolso|bolsa=bag gorra=cap gorro=beanie calcetines=socks bufanda=scarf
    crema hidratante=moisturizer serum|suero=serum protector solar=sunscreen labial=lipstick perfume=perfume
    champu=shampoo vela|velas=candle taza|tazas=mug toalla|toallas=towel sarten=pan botella=bottle
    proteina=protein cojin=cushion manta=blanket lampara=lamp sabor=flavor
    un|una|uno=one dos=two tres=three cuatro=four cinco=five seis=six siete=seven ocho=eight nueve=nine
    diez=ten veinte=twenty treinta=thirty un par de=a couple of par|pares=pair unidades|unidad=units
    tienen|tienes|hay|teneis=do you have disponible|disponibles=available en stock=in stock
    quiero|quisiera|me gustaria=i want necesito=i need cuanto cuesta|cuanto vale|cuanto es|precio=how much
    hablar con|persona real|una persona=talk to someone dueno|duena|propietario=owner equipo=team
    al por mayor|mayorista|mayoreo=wholesale revendedor|reventa=reseller
    pedido=order mi pedido=my order no ha llegado|no llego=never arrived queja|reclamo=complaint
    otra vez|de nuevo=again prometieron|prometiste=promised abogado=lawyer alergia|alergica|reaccion=allergic reaction
    gracias=thanks hola=hi y=and en=in de esos|de esas|de ese|de esa=of those ese|esa|eso=that one el otro|la otra=the other one
    por favor=please tambien=also o=or con=with para=for de=of
    funda nordica|fundas nordicas|funda de edredon=duvet cover juego de sabanas|sabanas|sabana=sheet set
    funda de almohada|fundas de almohada=pillowcase cobija|frazada=blanket almohada|almohadas=pillow
    cubrecolchon|topper=mattress topper toalla de bano|toallas de bano=bath towel toalla de mano|toallas de mano=hand towel
    toalla de playa|toallas de playa=beach towel albornoz|bata de bano=bath robe alfombra de bano|tapete de bano=bath mat
    difusor|difusores=diffuser olla esmaltada|horno holandes=dutch oven olla|ollas=pot cazo|cacerola=saucepan
    tabla de cortar|tabla de picar=cutting board delantal|delantales=apron pano de cocina|panos de cocina|trapos de cocina=tea towels
    vaso|vasos=cups plato|platos=plates cuenco|cuencos|bol|boles=bowls servilleta|servilletas=napkins mantel|manteles=tablecloth
    alfombra de pasillo|corredor=runner jarron|florero=vase maceta|macetas=planter funda de cojin|fundas de cojin=cushion cover
    cortina|cortinas=curtains opaca|opacas|blackout=blackout cesta|cesto|canasta=basket espejo=mirror tarjeta regalo|tarjeta de regalo=gift card
    gres=stoneware ceramica=ceramic punto grueso=chunky knit laton=brass madera=wood acero inoxidable|inoxidable=stainless
    esmaltada|esmaltado=enameled moteada|moteado|jaspeada|jaspeado=speckled
    proteina de suero|whey=whey caseina=casein colageno=collagen ganador de masa|gainer=mass gainer preentreno|pre entreno=pre-workout
    creatina=creatine gominolas|gomitas|gomas=gummies polvo=powder aminoacidos=amino acids electrolitos=electrolyte
    pastillas|tabletas=tabs gel energetico|geles energeticos|gel|geles=energy gel barrita|barritas|barra|barras=bar
    caja|cajas=box galleta|galletas=cookie batido|batidos=shake bebida energetica|bebidas energeticas=energy drink lata|latas=can
    aceite de pescado=fish oil multivitaminico|multivitaminicos=multivitamin vitamina|vitaminas=vitamin magnesio=magnesium
    quemador de grasa|quemagrasas=fat burner coctelera|botella mezcladora=shaker bottle pastillero=pill organizer
    correas=lifting straps cinturon=belt bandas elasticas|bandas de resistencia=resistance band tubo|tubos=tube
    suelto|sueltos|suelta|sueltas|individual|individuales=single paquete=pack paquetes=packs
    frambuesa=raspberry sandia=watermelon mango=mango cereza=cherry lima=lime uva=grape manzana=apple
    melocoton|durazno=peach menta=mint coco=coconut caramelo salado=salted caramel mantequilla de cacahuete|crema de cacahuete|mantequilla de mani=peanut butter
    frutos rojos|frutos del bosque=berry sin sabor=unflavored almendra=almond
    marfil|hueso=ivory avena=oatmeal carbon|antracita|gris oscuro=charcoal salvia|verde salvia=sage terracota=terracotta
    oxido=rust mostaza=mustard oliva|verde oliva=olive arena=sand verde bosque=forest ambar=amber arcilla=clay humo=smoke
    musgo=moss burdeos|granate=burgundy caqui=khaki piedra=stone coral=coral lila=lilac color|colores=color
    talla ch|talla chica=size s talla g|talla grande=size l talla eg|talla xg|talla extra grande=size xl talla m|talla mediana=size m
    ninos|nino|ninas|nina|infantil|para ninos=for kids capsulas|capsula=capsules redonda|redondo=round
    saco de dormir|sacos de dormir=sleeping bag tienda de campana|carpa=tent linterna frontal|frontal=headlamp
    chubasquero=rain jacket impermeable|impermeables=waterproof guantes=gloves banador|traje de bano=swimsuit protector solar con color=tinted sunscreen
    plumas|pluma=down largo|larga=long firme=firm suave|blanda=soft manzana acida|manzana verde=sour apple
    raqueta|raquetas=racket
    senderismo|trekking=hiking clasico|clasica=classic pistacho=pistachio
    once=eleven doce=twelve docena|docenas=dozen media docena=half a dozen dorado|dorada=gold plateado|plateada=silver
    extra pequeno|extra pequena|extra chica|extra chico=xs talla unica=one size
    el mismo|la misma|lo mismo|los mismos|las mismas|igual=same
    cuello redondo=crew neck cuello en v|cuello v=v-neck solo|solamente|unicamente=only vino=burgundy
    mancuerna|mancuernas=dumbbells pesa rusa|pesas rusas=kettlebell tiro alto|cintura alta=high waist
    mas grande|el mas grande|la mas grande|el grande|la grande=the biggest one mas pequeno|mas pequena|el mas pequeno|la mas pequena|el mas chico|la mas chica=the smallest one citricos=citrus
    higo|higos=fig cedro=cedar`,
  fr: `
    femme|femmes|feminin|feminine=women homme|hommes|masculin=men
    ou quelque chose de similaire|ou quelque chose de pareil|ou un truc du genre|ou un truc similaire|ou similaire|ou un equivalent=or something similar
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
    sweat|sweat a capuche=hoodie t-shirt|tee-shirt=tee pull=sweater veste|blouson=jacket pantalon=trousers doudoune|doudounes=down jacket zippe|zippee|fermeture eclair=zip jogging|joggings=joggers the blanc=white tea je la prends|je le prends|je les prends=i'll take it
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
    prix de gros|en gros|grossiste|revendeur=wholesale commande|ma commande=my order pas recu|jamais recu=never arrived
    plainte|reclamation=complaint encore|a nouveau=again promis=promised avocat=lawyer allergie|reaction=allergic reaction
    merci=thanks bonjour|salut|coucou=hi et=and en=in de ceux-la|de celles-la|de ca=of those celui-la|celle-la=that one
    l'autre=the other one s'il vous plait|svp|stp=please aussi=also ou=or avec=with pour=for
    housse de couette|housses de couette=duvet cover parure de lit|jeu de draps|draps|drap housse=sheet set
    taie d'oreiller|taies d'oreiller=pillowcase oreiller|oreillers=pillow surmatelas|sur-matelas=mattress topper
    serviette de bain|serviettes de bain|drap de bain=bath towel essuie-mains|serviette de toilette=hand towel
    serviette de plage|drap de plage=beach towel peignoir=bath robe tapis de bain=bath mat diffuseur=diffuser
    poele en fonte=cast iron skillet cocotte|cocotte en fonte=dutch oven casserole=saucepan poele a frire=frying pan
    planche a decouper=cutting board tablier|tabliers=apron torchon|torchons=tea towels assiette|assiettes=plates
    bol|bols=bowls serviettes de table=napkins nappe=tablecloth tapis de couloir=runner vase|vases=vase
    cache-pot|pot de fleurs|jardiniere=planter housse de coussin|housses de coussin=cushion cover rideau|rideaux=curtains
    occultant|occultants|occultante|occultantes=blackout panier|paniers=basket miroir=mirror carte cadeau=gift card
    gres=stoneware ceramique=ceramic grosse maille=chunky knit laiton=brass bois=wood inox|acier inoxydable=stainless
    emaillee|emaille=enameled mouchete|mouchetee|mouchetes|mouchetees=speckled
    whey=whey caseine=casein collagene=collagen gainer=mass gainer pre-workout|preworkout=pre-workout creatine=creatine
    gommes|bonbons=gummies poudre=powder acides amines=amino acids electrolytes=electrolyte pastilles|comprimes=tabs
    gel energetique|gels energetiques=energy gel barre|barres=bar proteinee|proteinees|proteine=protein boite|boites=box
    biscuit|biscuits=cookie boisson proteinee=shake boisson energisante|boissons energisantes=energy drink canette|canettes=can
    huile de poisson=fish oil multivitamines=multivitamin bruleur de graisse|bruleur de graisses=fat burner
    pilulier=pill organizer sangles=lifting straps ceinture=belt elastiques|bandes de resistance=resistance band
    tube|tubes=tube a l'unite|individuel|individuelle|individuels|individuelles=single paquet|lot=pack paquets|lots=packs
    framboise=raspberry pasteque=watermelon mangue=mango cerise=cherry citron vert=lime raisin=grape pomme=apple peche=peach
    menthe=mint noix de coco=coconut caramel sale=salted caramel beurre de cacahuete=peanut butter fruits rouges=berry
    sans arome|nature=unflavored amande=almond
    ivoire=ivory ecru=ecru avoine=oatmeal anthracite|gris fonce=charcoal sauge|vert sauge=sage terre cuite=terracotta
    rouille=rust moutarde=mustard vert olive=olive sable=sand naturel|naturelle=natural vert foret=forest ambre=amber
    argile=clay fumee=smoke mousse=moss bordeaux=burgundy kaki=khaki pierre=stone corail=coral lilas=lilac couleur|couleurs=color
    enfant|enfants|pour enfants=for kids gelules|capsules=capsules rond|ronde=round sac de couchage=sleeping bag
    tente=tent lampe frontale|frontale=headlamp veste de pluie|coupe-vent=rain jacket impermeable|etanche=waterproof gants=gloves
    creme solaire teintee=tinted sunscreen teinte foncee|fonce=deep une piece=one-piece plumes=down
    long|longue=long ferme=firm moelleux|doux=soft bleu nuit=midnight pomme acidulee|pomme verte=sour apple
    randonnee|rando=hiking classique|classiques=classic pistache=pistachio
    onze=eleven douze=twelve vingt=twenty trente=thirty douzaine|douzaines=dozen demi-douzaine=half a dozen dore|doree=gold argente|argentee=silver
    tres petit|tres petite=xs taille unique=one size le meme|la meme|les memes|pareil|pareille=same
    col rond=crew neck col v|col en v=v-neck seulement|uniquement=only haltere|halteres=dumbbells taille haute=high waist
    le plus grand|la plus grande=the biggest one le plus petit|la plus petite=the smallest one agrumes=citrus boite de=box of
    rose poudre|vieux rose=blush tapis de yoga=yoga mat`,
  de: `
    ins sortiment|in unser sortiment|in mein sortiment|in unser angebot=stock your concept store|laden=shop
    damen|frauen=women herren|manner|maenner=men
    oder was ahnliches|oder etwas ahnliches|oder was aehnliches|oder etwas aehnliches|oder sowas|oder so was|oder ahnliches=or something similar
    schokolade|schoko=chocolate vanille=vanilla erdbeere=strawberry banane=banana kaffee=coffee
    leder=leather leinen=linen baumwolle=cotton wolle=wool stahl|edelstahl=steel glas=glass
    verkauft ihr|verkaufen sie|verkaufst du=do you sell laden|geschaft|geschaeft=shop wir haben=we have firma|unternehmen=company
    schwanger|stillzeit=pregnant medikamente=medication zoll=inch teppich=rug jute=jute
    gusseisern|gusseiserne|gusseisernen|guss=cast iron badeanzug=swimsuit rucksack=backpack zitrone=lemon
    handcreme=hand cream vegan|vegane|veganes=vegan pulver=powder senfgelb=mustard wann wieder=when back
    schwarz|schwarze|schwarzen=black weiss|weisse|weissen=white grau|graue=grey blau|blaue|blauen=blue
    dunkelblau|marineblau=navy rot|rote|roten=red grun|grune|gruenen|gruen=green rosa|pink=pink lila|violett=purple
    gelb|gelbe=yellow braun|braune=brown beige=beige orange=orange creme=cream dunkel=dark hell=light
    klein|kleine=small mittel=medium gross|grosse=large extra gross=xl grosse|groesse|grose=size
    kapuzenpullover|hoodie=hoodie t-shirt|shirt=tee pullover|pulli=sweater jacke=jacket hose=trousers pufferjacke=puffer jacket reissverschluss=zip isomatte|isomatten=sleeping pad breit|breite|breiten=wide kariert|karierte|karierten|kariertes=plaid flanellhemd|flanellhemden=flannel shirt weisser tee=white tea ich nehme sie|ich nehme ihn|ich nehme es=i'll take it
    jeans=jeans kleid=dress turnschuhe|sneaker=sneakers stiefel=boots schuhe=shoes tasche=bag kappe|mutze=cap
    socken=socks schal=scarf feuchtigkeitscreme=moisturizer serum=serum sonnencreme=sunscreen lippenstift=lipstick
    parfum=perfume shampoo=shampoo kerze|kerzen=candle tasse|tassen|becher=mug handtuch|handtucher=towel
    pfanne=pan flasche|trinkflasche=bottle protein|eiweiss=protein kissen=cushion decke=blanket lampe=lamp
    geschmack|sorte=flavor
    ein|eine|einen|eins=one zwei=two drei=three vier=four funf|fuenf=five sechs=six sieben=seven acht=eight zwanzig=twenty dreissig=thirty
    neun=nine zehn=ten ein paar=a couple of paar=pair stuck=units
    habt ihr|haben sie|gibt es|hast du=do you have verfugbar|lieferbar|vorratig=available auf lager=in stock
    ich mochte|ich moechte|ich hatte gern|ich will=i want ich brauche|brauche=i need
    wie viel|wieviel|was kostet|kostet|preis=how much sprechen mit|mit einem menschen|einen menschen=talk to someone
    inhaber|besitzer|chef=owner team=team grosshandel|wiederverkaufer|haendler=wholesale
    bestellung|meine bestellung=my order nicht angekommen|nie angekommen=never arrived beschwerde=complaint
    wieder|schon wieder|nochmal=again versprochen=promised anwalt=lawyer allergie|allergisch|reaktion=allergic reaction
    danke=thanks hallo|hi|servus=hi und=and in=in davon=of those das andere|die andere|den anderen=the other one
    bitte=please auch=also oder=or mit=with fur=for
    bettbezug|bettbezuge|bettdeckenbezug=duvet cover bettwasche|bettlaken|laken|spannbettlaken=sheet set
    kissenbezug|kissenbezuge=pillowcase kopfkissen=pillow matratzenauflage|matratzentopper=mattress topper
    badetuch|badetucher|duschtuch=bath towel strandtuch|strandtucher=beach towel bademantel=bath robe
    badematte|badvorleger=bath mat diffusor|duftdiffusor|raumduft=diffuser gusspfanne|gusseisenpfanne=cast iron skillet
    brater|schmortopf=dutch oven topf|kochtopf=pot kasserolle|stielkasserolle=saucepan bratpfanne=frying pan
    schneidebrett|schneidebretter=cutting board schurze|schurzen|schuerze|schuerzen=apron geschirrtuch|geschirrtucher=tea towels
    becher=mug glaser=cups teller=plates schussel|schusseln|schale|schalen=bowls servietten|serviette=napkins
    tischdecke=tablecloth laufer|laeufer=runner vase|vasen=vase blumentopf|ubertopf=planter kissenhulle|kissenhullen=cushion cover
    vorhang|vorhange|gardine|gardinen=curtains verdunkelung|verdunkelnd|verdunkelungsvorhange=blackout korb|korbe=basket
    spiegel=mirror gutschein|geschenkkarte=gift card steinzeug=stoneware keramik=ceramic grobstrick=chunky knit messing=brass
    holz=wood emailliert|emaillierte|emaillierten=enameled gesprenkelt|gesprenkelte|gesprenkelten=speckled
    molkenprotein|whey=whey kasein=casein kollagen=collagen masseaufbau|weight gainer=mass gainer booster=pre-workout
    kreatin=creatine fruchtgummis|gummis=gummies aminosauren=amino acids elektrolyte|elektrolyt=electrolyte
    brausetabletten|tabletten=tabs energiegel|energiegels=energy gel riegel|proteinriegel=bar karton|schachtel=box keks|kekse=cookie
    eiweissshake|proteinshake=shake energydrink|energydrinks|energy drink=energy drink dose|dosen=can fischol|fischoel=fish oil
    fettverbrenner=fat burner pillendose=pill organizer zughilfen=lifting straps gurtel|guertel=belt
    widerstandsbander|fitnessbander=resistance band tube|tuben|rohrchen|roehrchen=tube einzeln|einzelne|einzelnen=single
    packung|pack=pack packungen|packs=packs himbeere=raspberry wassermelone=watermelon kirsche=cherry limette=lime traube=grape
    apfel=apple pfirsich=peach minze=mint kokos=coconut salzkaramell=salted caramel erdnussbutter=peanut butter
    beere|beeren=berry geschmacksneutral|neutral=unflavored mandel=almond
    elfenbein=ivory hafer=oatmeal anthrazit|dunkelgrau=charcoal salbei|salbeigrun=sage terrakotta=terracotta rost|rostrot=rust
    senf=mustard oliv|olivgrun=olive sand=sand natur=natural waldgrun|dunkelgrun=forest bernstein=amber ton=clay
    rauch=smoke moos|moosgrun=moss weinrot|bordeaux|bordeauxrot=burgundy kamel=camel stein=stone koralle=coral flieder=lilac farbe|farben=color
    kinder|kids|fur kinder=for kids kapseln|kapsel=capsules rund|runde|runden=round schlafsack=sleeping bag
    zelt=tent stirnlampe|stirnlampen=headlamp regenjacke|regenjacken=rain jacket wasserdicht|wasserdichte|wasserfest=waterproof handschuhe=gloves
    daunen=down lang|lange=long fest|feste=firm weich|weiche=soft regen=rain ski=ski wandern|wander=hiking klassisch|klassische|klassischen=classic pistazie=pistachio
    elf=eleven zwolf|zwoelf=twelve dutzend=dozen halbes dutzend=half a dozen golden|goldene|goldenen=gold
    silber|silbern|silberne|silbernen=silver extra klein|extra kleine=xs einheitsgrosse|einheitsgroesse=one size
    das gleiche|der gleiche|die gleiche|den gleichen|dasselbe|dieselbe|denselben|gleiche|gleichen=same
    rundhals|rundhalsausschnitt=crew neck v-ausschnitt=v-neck nur=only hantel|hanteln|kurzhantel|kurzhanteln=dumbbells hohe taille|hoher taille=high waist
    grosste|groesste|die grosste|der grosste|das grosste|den grossten=the biggest one kleinste|die kleinste|der kleinste|das kleinste|den kleinsten=the smallest one zitrus=citrus
    wildleder=suede dunkelbraun=dark brown daunenalternative|daunen-alternative=down alternative gusseisen=cast iron`,
  pt: `
    mulher|mulheres|feminino|feminina=women homem|homens|masculino=men
    ou algum parecido|ou alguma parecida|ou algo parecido|ou algo similar|ou parecido|ou similar|ou algo do tipo=or something similar
    chocolate=chocolate baunilha=vanilla morango=strawberry banana=banana
    couro=leather linho=linen algodao=cotton la=wool aco=steel vidro=glass
    voces vendem|vcs vendem|vendem=do you sell loja=shop tenho=i have temos=we have somos=we are empresa=company
    gravida=pregnant remedios|medicamentos=medication polegadas|polegada=inch tapete=rug juta=jute ferro fundido=cast iron
    maio|biquini=swimsuit mochila=backpack limao=lemon creme para maos=hand cream vegano|vegana=vegan halteres=dumbbells
    preto|preta=black branco|branca=white cinza=grey azul=blue azul marinho=navy vermelho|vermelha=red
    verde=green rosa=pink roxo|roxa|lilas=purple amarelo|amarela=yellow marrom=brown bege=beige laranja=orange
    creme=cream escuro|escura=dark claro|clara=light
    pequeno|pequena=small medio|media=medium grande=large extra grande=xl tamanho|numero=size
    moletom=hoodie camiseta|camisa=tee sueter|sueta=sweater jaqueta|casaco=jacket calca|calcas=trousers ziper=zip top de academia|top fitness=sports bra verde agua=aqua jogo de toalhas|jogo de toalha=towel set cha branco=white tea vou levar|vou querer=i'll take it
    jeans=jeans vestido=dress tenis=sneakers botas=boots sapatos=shoes bolsa=bag bone=cap gorro=beanie
    meias=socks cachecol=scarf hidratante=moisturizer serum=serum protetor solar=sunscreen batom=lipstick
    perfume=perfume xampu=shampoo vela|velas=candle caneca|canecas=mug toalha|toalhas=towel frigideira=pan
    garrafa=bottle proteina=protein almofada=cushion manta|cobertor=blanket luminaria=lamp sabor=flavor
    um|uma=one dois|duas=two tres=three quatro=four cinco=five seis=six sete=seven oito=eight nove=nine dez=ten vinte=twenty trinta=thirty
    um par de=a couple of par|pares=pair unidades=units
    voces tem|vcs tem|tem|tém|voce tem=do you have disponivel|disponiveis=available em estoque=in stock
    quero|queria|gostaria=i want preciso=i need quanto custa|quanto e|preco|valor=how much
    falar com|uma pessoa|pessoa real=talk to someone dono|dona|proprietario=owner equipe=team
    atacado|revenda|revendedor=wholesale pedido|meu pedido=my order nao chegou|nunca chegou=never arrived
    reclamacao=complaint de novo|outra vez=again prometeram=promised advogado=lawyer alergia|reacao=allergic reaction
    obrigado|obrigada|valeu=thanks ola|oi=hi e=and em=in desses|dessas=of those esse|essa=that one o outro|a outra=the other one
    por favor|pfv=please tambem=also ou=or com=with para=for
    capa de edredom|capa de edredon|capa de duvet=duvet cover jogo de lencol|jogo de lencois|lencol|lencois=sheet set
    fronha|fronhas=pillowcase travesseiro|travesseiros=pillow protetor de colchao|pillow top=mattress topper
    toalha de banho|toalhas de banho=bath towel toalha de rosto|toalha de mao=hand towel toalha de praia=beach towel
    roupao=bath robe tapete de banheiro|tapete de banho=bath mat difusor|difusores=diffuser frigideira de ferro=cast iron skillet
    panela esmaltada|cacarola=dutch oven panela|panelas=pot tabua de corte|tabua de cortar=cutting board avental=apron
    pano de prato|panos de prato=tea towels copo|copos=cups prato|pratos=plates tigela|tigelas=bowls guardanapo|guardanapos=napkins
    toalha de mesa=tablecloth passadeira=runner vaso|vasos=vase cachepo=planter capa de almofada|capas de almofada=cushion cover
    cortina|cortinas=curtains blackout=blackout cesto|cesta=basket espelho=mirror cartao presente|vale presente=gift card
    gres=stoneware ceramica=ceramic trico grosso|trico=chunky knit latao=brass madeira=wood inox|aco inoxidavel=stainless
    esmaltada|esmaltado=enameled salpicada|salpicado|pontilhada|pontilhado=speckled
    whey|proteina do soro=whey caseina=casein colageno=collagen hipercalorico|gainer=mass gainer pre-treino|pre treino=pre-workout
    creatina=creatine gomas|gominhas|balas de goma=gummies po=powder aminoacidos=amino acids eletrolitos=electrolyte
    pastilhas|comprimidos=tabs gel de energia|geis de energia|gel energetico|geis=energy gel barra|barras|barrinha|barrinhas=bar
    proteica|proteicas|proteico=protein caixa|caixas=box biscoito|biscoitos=cookie bebida proteica=shake
    energetico|energeticos|bebida energetica=energy drink lata|latas=can oleo de peixe=fish oil multivitaminico=multivitamin
    magnesio=magnesium termogenico|queimador de gordura=fat burner coqueteleira=shaker bottle porta comprimidos=pill organizer
    cinto=belt faixas elasticas|elasticos=resistance band tubo|tubos=tube avulso|avulsos|avulsa|avulsas|individual=single
    pacote=pack pacotes=packs framboesa=raspberry melancia=watermelon manga=mango cereja=cherry lima=lime uva=grape maca=apple
    pessego=peach hortela|menta=mint coco=coconut caramelo salgado=salted caramel pasta de amendoim=peanut butter
    frutas vermelhas=berry sem sabor=unflavored amendoa=almond
    marfim=ivory aveia=oatmeal carvao|grafite|chumbo=charcoal salvia|verde salvia=sage terracota=terracotta ferrugem=rust
    mostarda=mustard oliva|verde oliva=olive areia=sand natural=natural verde floresta=forest ambar=amber argila=clay
    fumaca=smoke musgo|verde musgo=moss bordo|vinho=burgundy caqui=khaki pedra=stone coral=coral cor|cores=color
    tamanho p|tam p=size s tamanho g|tam g=size l tamanho gg|tam gg|tamanho xg=size xl tamanho m|tam m=size m
    criancas|crianca|infantil|para criancas=for kids capsulas|capsula=capsules redondo|redonda=round
    saco de dormir=sleeping bag barraca=tent lanterna de cabeca=headlamp capa de chuva|jaqueta de chuva=rain jacket impermeavel|impermeaveis=waterproof
    luvas=gloves jaqueta jeans=denim jacket penas=down longo|longa=long firme=firm macio|macia=soft
    trilha|caminhada=hiking classico|classica=classic pistache=pistachio
    onze=eleven doze=twelve duzia|duzias=dozen meia duzia=half a dozen dourado|dourada=gold prateado|prateada=silver
    extra pequeno|extra pequena=xs tamanho unico=one size o mesmo|a mesma|os mesmos|as mesmas|igual=same
    gola redonda=crew neck gola v|decote v=v-neck so|somente|apenas=only cintura alta=high waist
    o maior|a maior=the biggest one o menor|a menor=the smallest one citricos=citrus caixa com|caixa de=box of
    maca verde=sour apple panela de pressao|panela a pressao=pressure cooker`,
  it: `
    donna|donne|femminile=women uomo|uomini|maschile=men
    o qualcosa di simile|o qualcosa del genere|o simile|o simili=or something similar
    cioccolato=chocolate vaniglia=vanilla fragola=strawberry banana=banana caffe=coffee
    pelle=leather lino=linen cotone=cotton lana=wool acciaio=steel vetro=glass
    vendete=do you sell negozio=shop ho=i have abbiamo=we have siamo=we are azienda=company palestra=gym
    incinta|allattamento=pregnant farmaci|medicine=medication pollici|pollice=inch tappeto=rug juta=jute ghisa=cast iron
    costume|costumi|costume da bagno=swimsuit intero|interi=one-piece zaino=backpack limone=lemon
    crema mani|creme mani=hand cream vegano|vegana=vegan c'e=available
    nero|nera=black bianco|bianca=white grigio|grigia=grey blu|azzurro|azzurra=blue blu scuro=navy rosso|rossa=red
    verde=green rosa=pink viola=purple giallo|gialla=yellow marrone=brown beige=beige arancione=orange
    crema=cream scuro|scura=dark chiaro|chiara=light
    piccolo|piccola=small medio|media=medium grande=large taglia|numero=size
    felpa=hoodie maglietta|t-shirt=tee maglione=sweater giacca|giubbotto=jacket pantaloni=trousers jeans=jeans cerniera=zip giacca di jeans|giubbotto di jeans=denim jacket te bianco=white tea la prendo|lo prendo|li prendo|le prendo=i'll take it
    vestito|abito=dress scarpe da ginnastica|sneakers=sneakers stivali=boots scarpe=shoes borsa=bag cappellino=cap
    berretto=beanie calzini=socks sciarpa=scarf crema idratante=moisturizer siero=serum crema solare=sunscreen
    rossetto=lipstick profumo=perfume shampoo=shampoo candela|candele=candle tazza|tazze=mug
    asciugamano|asciugamani=towel padella=pan borraccia|bottiglia=bottle proteine|proteina=protein
    cuscino=cushion coperta|plaid=blanket lampada=lamp gusto|sapore=flavor
    un|uno|una=one due=two tre=three quattro=four cinque=five sei=six sette=seven otto=eight nove=nine dieci=ten venti=twenty trenta=thirty
    un paio di=a couple of paio|paia=pair pezzi=units un paio=a couple
    avete|c'e|ce l'avete=do you have disponibile|disponibili=available in magazzino=in stock
    vorrei|voglio=i want mi serve|mi servono|ho bisogno=i need quanto costa|quanto viene|prezzo=how much
    parlare con|una persona|persona reale=talk to someone titolare|proprietario=owner squadra|team=team
    all'ingrosso|ingrosso|rivenditore=wholesale ordine|il mio ordine=my order non e arrivato|mai arrivato=never arrived
    reclamo=complaint di nuovo|ancora=again promesso=promised avvocato=lawyer allergia|reazione=allergic reaction
    grazie=thanks ciao|salve=hi e=and in=in di quelli|di quelle=of those quello|quella=that one l'altro|l'altra=the other one
    per favore|per piacere=please anche=also o=or con=with per=for
    copripiumino=duvet cover set di lenzuola|lenzuola|completo letto=sheet set federa|federe=pillowcase guanciale=pillow
    coprimaterasso|topper=mattress topper telo bagno|teli bagno|asciugamano da bagno=bath towel asciugamano viso=hand towel
    telo mare|teli mare=beach towel accappatoio=bath robe tappetino bagno|tappeto bagno=bath mat diffusore|diffusori=diffuser
    padella in ghisa=cast iron skillet casseruola|cocotte|pentola in ghisa=dutch oven pentola|pentole=pot tagliere=cutting board
    grembiule|grembiuli=apron strofinaccio|strofinacci|canovaccio|canovacci=tea towels bicchiere|bicchieri=cups piatto|piatti=plates
    ciotola|ciotole=bowls tovagliolo|tovaglioli=napkins tovaglia=tablecloth passatoia=runner vaso|vasi=vase fioriera=planter
    fodera per cuscino|copricuscino=cushion cover tenda|tende=curtains oscurante|oscuranti=blackout cesto|cestino=basket
    specchio=mirror buono regalo|carta regalo=gift card gres=stoneware ceramica=ceramic maglia grossa=chunky knit ottone=brass
    legno=wood inox|acciaio inox=stainless smaltata|smaltato=enameled maculata|maculato|puntinata|screziata=speckled
    whey|proteine del siero=whey caseine=casein collagene=collagen gainer=mass gainer pre allenamento|pre-workout=pre-workout
    creatina=creatine caramelle gommose|gommose=gummies polvere=powder aminoacidi=amino acids elettroliti=electrolyte
    pastiglie|compresse=tabs gel energetico|gel energetici=energy gel barretta|barrette=bar proteica|proteiche|proteico=protein
    scatola|scatole=box biscotto|biscotti=cookie frullato|frullati=shake bevanda energetica|bevande energetiche=energy drink
    lattina|lattine=can olio di pesce=fish oil multivitaminico=multivitamin magnesio=magnesium brucia grassi=fat burner
    portapillole=pill organizer cinghie=lifting straps cintura=belt elastici|bande elastiche=resistance band tubo|tubi=tube
    singolo|singola|singoli|singole|sfuso|sfusi=single confezione=pack confezioni=packs lampone=raspberry anguria|cocomero=watermelon
    ciliegia=cherry uva=grape mela=apple pesca=peach menta=mint cocco=coconut caramello salato=salted caramel
    burro di arachidi=peanut butter frutti di bosco=berry neutro|senza aroma=unflavored mandorla=almond
    avorio=ivory panna=cream avena=oatmeal antracite|grigio scuro=charcoal salvia|verde salvia=sage terracotta=terracotta
    ruggine=rust senape=mustard oliva|verde oliva=olive sabbia=sand naturale=natural verde bosco=forest ambra=amber
    argilla=clay fumo=smoke muschio=moss bordeaux|bordo=burgundy cammello=camel cachi=khaki pietra=stone corallo=coral
    lilla=lilac cuoio=tan colore|colori|color=color
    bambini|bambino|bambina|per bambini=for kids capsule=capsules rotondo|rotonda=round sacco a pelo=sleeping bag
    tenda da campeggio=tent lampada frontale|frontale=headlamp giacca antipioggia=rain jacket impermeabile|impermeabili=waterproof guanti=gloves
    piuma|piume=down lungo|lunga=long rigido|rigida=firm morbido|morbida=soft
    asciugamano mani|asciugamani mani|asciugamani da mano|asciugamano da mano=hand towel
    escursionismo|trekking=hiking classico|classica=classic pistacchio=pistachio
    undici=eleven dodici=twelve dozzina|dozzine=dozen mezza dozzina=half a dozen dorato|dorata|oro=gold
    argento|argentato|argentata=silver extra piccolo|extra piccola=xs taglia unica=one size
    lo stesso|la stessa|gli stessi|le stesse|uguale=same
    girocollo=crew neck scollo a v=v-neck solo|soltanto|solamente=only manubri|manubrio=dumbbells a vita alta|vita alta=high waist
    il piu grande|la piu grande|piu grande=the biggest one il piu piccolo|la piu piccola|piu piccolo|piu piccola=the smallest one agrumi=citrus scatola da|confezione da=box of
    malva=mauve misto|mista|misti|miste=mixed chilo|chili=kg un chilo=1 kg macchina del caffe|macchina da caffe|macchinetta del caffe=coffee machine`,
};

/** Letter sizes written the local way, as the letter the catalogs use. */
const letterSizesOf: Partial<Record<Language, Record<string, string>>> = {
  pt: { pp: 'xs', p: 's', g: 'l', gg: 'xl', xg: 'xl', eg: 'xl', xgg: 'xxl' },
  es: { ch: 's', g: 'l', eg: 'xl', xg: 'xl' },
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
  'duvet cover',
  'sheet set',
  'bath towel',
  'hand towel',
  'beach towel',
  'bath robe',
  'bath mat',
  'dutch oven',
  'cutting board',
  'tea towels',
  'cushion cover',
  'gift card',
  'chunky knit',
  'mass gainer',
  'amino acids',
  'energy gel',
  'energy drink',
  'fish oil',
  'fat burner',
  'shaker bottle',
  'pill organizer',
  'lifting straps',
  'resistance band',
  'salted caramel',
  'peanut butter',
  'size s',
  'size l',
  'size xl',
  'size m',
  'mattress topper',
  'frying pan',
  'cast iron skillet',
  'for kids',
  'sleeping bag',
  'rain jacket',
  'tinted sunscreen',
  'sour apple',
  'denim jacket',
  "i'll take it",
  'flannel shirt',
  'white tea',
  'towel set',
  'sleeping pad',
  'sports bra',
  'down jacket',
  'puffer jacket',
  '4 tubes',
  'half a dozen',
  'one size',
  'crew neck',
  'high waist',
  'the biggest one',
  'the smallest one',
  'box of',
  'dark brown',
  'down alternative',
  'yoga mat',
  'pressure cooker',
  'coffee machine',
  '1 kg',
  'or something similar',
  'stock your',
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
 * A lexicon's phrases (pattern, English reading, and the phrase's longest word: a text that does not contain it cannot
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
      // Each word of three letters or more may carry a plural ending ("maillots de bain", "fundas nordicas").
      new RegExp(
        `(^|[^\\p{L}'])${form
          .split(' ')
          .map(
            (word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (word.length >= 3 ? '(?:s|es|x)?' : ''),
          )
          .join(' ')}(?=$|[^\\p{L}'])`,
        'gu',
      ),
      english,
      // The cheap check before the pattern: the phrase's longest word, which a plural keeps as it is.
      form.split(' ').reduce((longest, word) => (word.length > longest.length ? word : longest), ''),
    ]),
    words,
  };
  tables.set(language, table);
  return table;
}

/**
 * The word's English reading, trying light stems ("negras" -> "negra" -> "negro"; Italian plurals "neri" ->
 * "nero", "rosse" -> "rossa").
 */
function lookUp(words: Map<string, string>, word: string): string | undefined {
  // A word of one or two letters is taken as written: "a" and "i" are not forms of "o".
  if (word.length <= 2) return words.get(word);
  const forms = [
    word,
    word.replace(/s$/, ''),
    word.replace(/es$/, ''),
    word.replace(/[ae]s?$/, 'o'),
    word.replace(/(e|en|n)$/, ''),
    word.replace(/i$/, 'o'),
    word.replace(/e$/, 'a'),
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
  // German counts a pack as "4er", "12er-Packung": the number.
  if (language === 'de') out = out.replace(/\b(\d+)er\b-?/g, '$1 ');
  // Letter sizes as Brazil and Mexico write them (PP/P/M/G/GG, CH/M/G/EG), standing alone: "tem G?", "la G".
  // Not after a number ("500 g" is grams) nor before a slash ("p/" is "para").
  const localSizes = letterSizesOf[language];
  if (localSizes)
    out = out.replace(
      /(?<![\d.,]\s?)(?<=[^\p{L}\p{N}'])(\p{L}{1,3})(?=[^\p{L}\p{N}'/]|$)/gu,
      (token, _letters: string, at: number, whole: string) =>
        !localSizes[token]
          ? token
          : /\b(tamanho|tam|talla|talle|numero|size)\s*$/.test(whole.slice(Math.max(0, at - 10), at))
            ? localSizes[token]
            : `size ${localSizes[token]}`,
    );
  // A phrase's English reading is final: kept aside so the word pass does not read its words again (Spanish
  // "gel" is "energy gel", so "gel energetico" -> "energy gel" must not become "energy energy gel").
  const readings: string[] = [];
  for (const [pattern, english, first] of table.phrases)
    if (out.includes(first))
      out = out.replace(pattern, (_match, before: string) => {
        readings.push(english);
        return `${before}\uE000${readings.length - 1}\uE001`;
      });
  return out
    .split(/(\s+|[^\p{L}\p{N}'-]+)/u)
    .map((token) => {
      if (!/^[\p{L}'-]+$/u.test(token)) return token;
      const whole = lookUp(table.words, token);
      if (whole !== undefined) return whole;
      // An elided article or preposition ("un'allergia", "dell'ordine", "d'energie"): the word after it.
      const elided = /^(\p{L}{1,6}')(\p{L}[\p{L}'-]*)$/u.exec(token);
      const rest = elided ? lookUp(table.words, elided[2]!) : undefined;
      if (rest !== undefined) return `${elided![1]} ${rest}`;
      // A German compound the lexicon has the last part of ("regenjacke", "trinkflaschen"): read as its parts.
      if (language === 'de' && token.length >= 8 && !token.includes('-'))
        for (let cut = 3; cut <= token.length - 4; cut += 1) {
          const tail = lookUp(table.words, token.slice(cut));
          if (tail !== undefined) {
            const head = token.slice(0, cut).replace(/s$/, '');
            // The first part drops its last "e" or "en" in a compound ("Erdbeergeschmack": Erdbeere).
            return `${lookUp(table.words, head) ?? lookUp(table.words, `${head}e`) ?? head} ${tail}`;
          }
        }
      // A hyphenated compound ("leinen-schurzen", "pre-treino" has its own entry): each part on its own.
      if (token.includes('-'))
        return token
          .split('-')
          .map((part) => (part ? (lookUp(table.words, part) ?? part) : part))
          .join(' ');
      return token;
    })
    .join('')
    .replace(/\uE000(\d+)\uE001/g, (_match, index: string) => readings[Number(index)]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** English words that say a DM is English, whatever else it holds (a product name in another language). */
const englishCue =
  /\b(the|you|u|do|does|have|has|is|are|any|please|pls|what|how|can|i|my|your|of|for|with|got|need|want|this|that|it|sell|size|colour)\b/;

/**
 * The language whose lexicon reads the most of a DM that n-grams could not place ("verkauft ihr Fahrradhelme?",
 * "Rucksack 22L in senfgelb"): its phrases and words that are not written the same in English. Null when the DM
 * has an English cue word or no language reads more of it than every other.
 */
export function languageByLexicon(text: string): Language | null {
  const folded = ` ${foldAccents(text).replace(/[¿¡]/g, ' ')} `;
  if (englishCue.test(folded)) return null;
  const votes = lexiconVotes(text);
  const [best, second] = votes;
  // One word is not enough: "rose" and "nero" are also words of English DMs and product names.
  return best && best[1] >= 2 && best[1] > (second?.[1] ?? 0) ? best[0] : null;
}

/**
 * How much of a DM each language's lexicon reads, most first: its phrases (two each) and its words that are not
 * written the same in English.
 */
export function lexiconVotes(text: string): [Language, number][] {
  const folded = ` ${foldAccents(text).replace(/[¿¡]/g, ' ')} `;
  const tokens = folded.split(/[^\p{L}'-]+/u).filter((token) => token.length >= 2);
  const votes: [Language, number][] = [];
  for (const language of ['es', 'fr', 'de', 'pt', 'it'] as const) {
    const table = tableOf(language);
    let count = 0;
    for (const [pattern, english, first] of table.phrases) {
      if (!folded.includes(first)) continue;
      pattern.lastIndex = 0;
      if (pattern.test(folded) && !folded.includes(` ${english} `)) count += 2;
      pattern.lastIndex = 0;
    }
    for (const token of tokens) {
      // Only the word as written or without a plural s: the gendered stems would read English words ("large",
      // "vase") as Spanish ones.
      const english = table.words.get(token) ?? table.words.get(token.replace(/s$/, ''));
      if (english !== undefined && english !== token && `${english}s` !== token) count += 1;
    }
    votes.push([language, count]);
  }
  return votes.sort((a, b) => b[1] - a[1]);
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
