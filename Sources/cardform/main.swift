import CardFormApp

CardFormCLI.main()
